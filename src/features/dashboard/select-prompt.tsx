/** Shown on the start page while no customer is selected: the figures need one. */
import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PointerIcon } from '@components/icons';

export function SelectPrompt() {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder padding="lg" data-testid="dashboard-select-prompt">
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md">
          <PointerIcon />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('prompt.heading')}
        </Title>
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {t('prompt.text')}
      </Text>
      <Button component={Link} to="/customer/select">
        {t('prompt.action')}
      </Button>
    </Card>
  );
}
