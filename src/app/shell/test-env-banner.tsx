/** Red fixed banner 'Testumgebung' at the bottom on test environments (docs/architecture.md). */

export const TEST_ENV_BANNER_HEIGHT = 28;
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function TestEnvBanner({ visible }: { visible: boolean }) {
  const { t } = useTranslation('shell');
  if (!visible) return null;
  return (
    <Box
      role="note"
      data-testid="test-env-banner"
      pos="fixed"
      left={0}
      right={0}
      bottom={0}
      h={TEST_ENV_BANNER_HEIGHT}
      py={4}
      bg="red.7"
      style={{ zIndex: 1000, pointerEvents: 'none' }}
    >
      <Text c="white" fw={700} ta="center" size="sm">
        {t('testEnvironment')}
      </Text>
    </Box>
  );
}
