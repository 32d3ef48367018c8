/** Shown while the session is being established or the first screen loads. */
import { Center, Loader, Stack, Text } from '@mantine/core';

export interface FullPageLoaderProps {
  /** Already translated; omitted before translations are available. */
  label?: string;
}

export function FullPageLoader({ label }: FullPageLoaderProps) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader />
        {label ? <Text c="dimmed">{label}</Text> : null}
      </Stack>
    </Center>
  );
}
