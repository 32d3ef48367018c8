/**
 * What the server said when it refused a call or a file, and the two ways on: send again or
 * give up. Shared by the rejection and failed-file cards of Sync issues.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanEdit } from '@lib/auth';
import { refusalKind, translatableDetail } from './call-words';

interface Refusal {
  status: number;
  code: string;
}

/**
 * Why the server refused, in words the user understands, and what to do (by the kind of
 * refusal, call-words.ts); our own message keys are translated as the detail. The raw text and
 * status are for staff only: a customer cannot act on "403 forbidden".
 */
export function RefusalReason({ raw, error }: { raw: string | null; error: Refusal | null }) {
  const { t } = useTranslation('sync');
  const staff = useCanEdit();
  const kind = refusalKind(error?.status ?? null);
  const detail = translatableDetail(raw);
  return (
    <Alert color="red" variant="light" title={t('rejection.reason')} role="group">
      <Text size="sm" data-testid="refusal-why">
        {t(`refusal.${kind}`)}
      </Text>
      {detail ? (
        <Text size="sm" fw={500}>
          {t(detail as never, { defaultValue: t('rejection.unknownReason') })}
        </Text>
      ) : null}
      <Text size="sm" mt={4} data-testid="refusal-advice">
        {t(`refusal.${kind}Advice`)}
      </Text>
      {staff && (error || (raw && !detail)) ? (
        <Text size="xs" c="dimmed" data-testid="refusal-technical">
          {[
            raw && !detail ? raw : null,
            error ? t('rejection.status', { status: error.status, code: error.code }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
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
