/**
 * What the server said when it refused a call or a file, and the two ways on: send again or
 * give up. Shared by the rejection and failed-file cards of Sync issues.
 */
import { looksLikeMessageKey } from '../../lib/i18n';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Refusal {
  status: number;
  code: string;
}

/** The reason (a message key such as 'validation:required' is translated) and its status. */
export function RefusalReason({ raw, error }: { raw: string | null; error: Refusal | null }) {
  const { t } = useTranslation('sync');
  const reason = raw
    ? looksLikeMessageKey(raw)
      ? t(raw as never, { defaultValue: raw })
      : raw
    : t('rejection.unknownReason');
  return (
    <Alert color="red" variant="light" title={t('rejection.reason')} role="group">
      <Text size="sm">{reason}</Text>
      {error ? (
        <Text size="xs" c="dimmed">
          {t('rejection.status', { status: error.status, code: error.code })}
        </Text>
      ) : null}
    </Alert>
  );
}

/** "Send again" and the discard button; both disabled while one of them runs. */
export function RefusalActions(props: {
  onRetry: () => Promise<void>;
  onDiscard: () => Promise<void>;
  discardLabel: string;
}) {
  const { t } = useTranslation('sync');
  const [busy, act] = useBusy();
  return (
    <Group gap="sm">
      <Button loading={busy} onClick={() => void act(props.onRetry)}>
        {t('rejection.retry')}
      </Button>
      <Button variant="light" color="red" disabled={busy} onClick={() => void act(props.onDiscard)}>
        {props.discardLabel}
      </Button>
    </Group>
  );
}

/** `busy` while an action of the card runs; `act` runs one (buttons disable meanwhile). */
export function useBusy(): [boolean, (action: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return [busy, act];
}
