/**
 * Shown by a screen whose row does not exist (deleted, never synced to this device, or a
 * mistyped link): a not-found page in the screen's place, titled as such (also the document
 * title, not the route's), with the way back to where the row would be listed and to the
 * start. Every entity screen gets it through RowState.
 */
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOverrideDocumentTitle } from '../lib/document-title';
import { AlertIcon } from './icons';
import { StatusPanel } from './status-panel';

export interface NotFoundBack {
  to: string;
  label: string;
}

export function NotFoundNotice({ back }: { back?: NotFoundBack }) {
  const { t } = useTranslation(['forms', 'common']);
  useOverrideDocumentTitle('rowNotFound');
  return (
    <div role="alert" data-testid="row-not-found">
      <StatusPanel
        title={t('forms:rowNotFound.title')}
        message={t('forms:rowNotFound.message')}
        icon={<AlertIcon size={28} />}
        color="yellow"
        actions={
          <Group justify="center" gap="sm">
            {back ? (
              <Button component={Link} to={back.to} data-testid="row-not-found-back">
                {back.label}
              </Button>
            ) : null}
            <Button component={Link} to="/" variant={back ? 'default' : 'filled'}>
              {t('common:backToOverview')}
            </Button>
          </Group>
        }
      />
    </div>
  );
}
