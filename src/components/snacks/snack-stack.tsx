/** Renders the snack queue bottom-right, newest at the bottom; mount once near the app root. */
import { Box, Notification, Progress, Stack } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, InfoIcon } from '../icons';
import {
  SNACK_WIDTH,
  closeSnack,
  remainingPercent,
  useSnackStore,
  type SnackType,
} from './snack-store';

const COLORS: Record<SnackType, MantineColor> = {
  success: 'green',
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

function SnackIcon({ type }: { type: SnackType }) {
  if (type === 'success') return <CheckIcon size={18} />;
  if (type === 'info') return <InfoIcon size={18} />;
  return <AlertIcon size={18} />;
}

export function SnackStack() {
  const { t } = useTranslation('shell');
  const snacks = useSnackStore((s) => s.snacks);
  return (
    <Box
      role="region"
      aria-label={t('snacks.region')}
      pos="fixed"
      bottom={16}
      right={16}
      w={SNACK_WIDTH}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 400, pointerEvents: snacks.length ? 'auto' : 'none' }}
    >
      <Stack gap="xs">
        {snacks.map((item) => (
          <Notification
            key={item.id}
            color={COLORS[item.type]}
            icon={<SnackIcon type={item.type} />}
            onClose={() => closeSnack(item.id)}
            closeButtonProps={{ 'aria-label': t('snacks.close') }}
            role={item.type === 'error' ? 'alert' : 'status'}
            data-testid="snack"
            data-type={item.type}
            withBorder
          >
            {item.text}
            {item.timeout > 0 ? (
              <Progress
                mt="xs"
                size="xs"
                color={COLORS[item.type]}
                value={remainingPercent(item)}
                aria-hidden="true"
                transitionDuration={100}
              />
            ) : null}
          </Notification>
        ))}
      </Stack>
    </Box>
  );
}
