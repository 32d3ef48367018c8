/**
 * The one @mantine/notifications host of the app (snacks and the shop's messages); mount once
 * near the app root. Rendered in place inside a labelled region so that screen readers find
 * the messages as a landmark; the stacks themselves are fixed to the screen corners.
 */
import { Box } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/** Mantine's default; named so that tests can wait for a closing message to leave. */
export const SNACK_TRANSITION_MS = 250;

export function SnackStack() {
  const { t } = useTranslation('shell');
  return (
    <Box role="region" aria-label={t('snacks.region')}>
      <Notifications
        position="top-right"
        withinPortal={false}
        transitionDuration={SNACK_TRANSITION_MS}
      />
    </Box>
  );
}
