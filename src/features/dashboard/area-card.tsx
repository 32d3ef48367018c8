/** One area of the app on the dashboard: what it holds and a link into it. */
import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface AreaCardProps {
  title: string;
  description: string;
  action: string;
  to: string;
  icon: ReactNode;
  testId: string;
}

export function AreaCard({ title, description, action, to, icon, testId }: AreaCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md">
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {description}
      </Text>
      <Button component={Link} to={to} variant="light" fullWidth>
        {action}
      </Button>
    </Card>
  );
}
