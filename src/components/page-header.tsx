/** The heading of a screen: title, optional subtitle, back link and actions on the right. */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, back, actions }: PageHeaderProps) {
  return (
    <Stack gap={4} mb="md">
      {back ? (
        <Anchor
          component={Link}
          to={back.to}
          size="sm"
          mih={44}
          style={{ display: 'inline-flex', alignItems: 'center', alignSelf: 'flex-start' }}
        >
          ← {back.label}
        </Anchor>
      ) : null}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'break-word' }}>
            {title}
          </Title>
          {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
