/**
 * Top progress bar while a route (lazy screen chunk, loader) loads: Mantine nprogress drawn
 * by the progress controller, which owns the docs/architecture.md timings.
 */
import {
  NavigationProgress,
  createNprogressStore,
  setNavigationProgressAction,
  updateNavigationProgressStateAction,
} from '@mantine/nprogress';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { createProgressController, type ProgressView } from '@lib/progress/progress-controller';

// A store of its own so other code calling the global `nprogress` cannot disturb the timings.
const store = createNprogressStore();

const view: ProgressView = {
  set: (value) => setNavigationProgressAction(value, store),
  hide: () => updateNavigationProgressStateAction(() => ({ mounted: false }), store),
  reset: () => updateNavigationProgressStateAction(() => ({ progress: 0 }), store),
};

export function RouteProgressBar() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  const controller = useMemo(() => createProgressController(view), []);
  const loading = navigation.state !== 'idle';

  useEffect(() => () => controller.dispose(), [controller]);
  useEffect(() => {
    if (loading) controller.start();
    else controller.finish();
  }, [loading, controller]);

  // Named for screen readers (axe: aria-progressbar-name).
  return <NavigationProgress store={store} size={3} aria-label={t('loading')} />;
}
