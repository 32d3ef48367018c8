/**
 * Route error element (docs/architecture.md, docs/api.md): 404 responses show the not-found page, a failed chunk
 * download reloads the page once, anything else shows 'Internal Server Error' with its status
 * (500 by default). Bots get no error page.
 */
import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { AlertIcon } from '@components/icons';
import { FullPageLoader } from '@components/full-page-loader';
import { StatusPanel } from '@components/status-panel';
import { formatDocumentTitle } from '../title';
import {
  browserReloadDeps,
  errorStatus,
  isBot,
  isChunkLoadError,
  reloadOnceForChunkError,
} from './error-utils';
import { NotFoundPage } from './not-found-page';

export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation(['errors', 'routes']);
  const status = errorStatus(error);
  const chunkError = isChunkLoadError(error);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    // The timestamp guard makes a second run (React's double effects, a re-render) a no-op.
    if (chunkError && reloadOnceForChunkError(browserReloadDeps())) setReloading(true);
  }, [chunkError]);

  useEffect(() => {
    // Root-level errors replace the shell, which would otherwise keep the route's title.
    if (status !== 404) document.title = formatDocumentTitle(t('routes:error'));
  }, [status, t]);

  if (typeof navigator !== 'undefined' && isBot(navigator.userAgent)) return null;
  if (status === 404) return <NotFoundPage />;
  if (reloading) return <FullPageLoader />;
  return (
    <StatusPanel
      eyebrow={t('errors:serverError.status', { status })}
      title={t('errors:serverError.title')}
      message={t('errors:serverError.message')}
      icon={<AlertIcon size={28} />}
      color="red"
      actions={
        <Button onClick={() => window.location.reload()}>{t('errors:serverError.reload')}</Button>
      }
    />
  );
}
