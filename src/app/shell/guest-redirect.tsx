/** Moves a signed-in user off a guest-only page to the path remembered before sign-in. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '@components/full-page-loader';
import { takeRedirect } from '@lib/auth';
import { postLoginTarget } from '../guards';

export function GuestRedirect({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  useEffect(() => {
    let cancelled = false;
    takeRedirect()
      .catch(() => null)
      .then((remembered) => {
        if (!cancelled) void navigate(postLoginTarget(remembered, fallback), { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [fallback, navigate]);
  return <FullPageLoader label={t('loading')} />;
}
