/**
 * Warns before unsaved changes are lost: in-app navigation asks with the confirm dialog
 * (react-router's blocker), closing or reloading the tab with the browser's own prompt.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { confirm } from '../confirm';

export function useLeaveGuard(dirty: boolean): void {
  const { t } = useTranslation('forms');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: t('leave.title'),
      message: t('leave.message'),
      confirmText: t('leave.confirm'),
      cancelText: t('leave.cancel'),
      color: 'orange',
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
