/**
 * A titled message for a whole page: errors (403, 404, 500) and missing preconditions share
 * this one layout, so every such page has a heading.
 */
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatusPanelProps {
  title: string;
  /** A short line above the title, e.g. the HTTP status. */
  eyebrow?: string;
  message?: ReactNode;
  icon?: ReactNode;
  color?: MantineColor;
  /** Buttons or links offered to the user. */
  actions?: ReactNode;
  children?: ReactNode;
}

export function StatusPanel({
  title,
  eyebrow,
  message,
  icon,
  color = 'gray',
  actions,
  children,
}: StatusPanelProps) {
  return (
    <Stack align="center" gap="md" py="xl" px="md" maw={640} mx="auto" ta="center">
      {icon ? (
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      ) : null}
      {eyebrow ? (
        <Text size="sm" c="dimmed" fw={600}>
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1} size="h2">
        {title}
      </Title>
      {message ? <Text c="dimmed">{message}</Text> : null}
      {children}
      {actions}
    </Stack>
  );
}
