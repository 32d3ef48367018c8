/**
 * Declining a pending order: the office says why (rules/order-states reasonIssue), because the
 * customer reads the reason on their order and in its history. An empty reason is refused
 * here with a message, before anything is queued; the server refuses it too.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonIssue, TRANSITION_REASON_MAX } from '@domain/rules/order-states';

export function DeclineDialog(props: {
  opened: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setError(null);
    props.onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const issue = reasonIssue('decline', reason);
    if (issue) {
      setError(issue);
      return;
    }
    const given = reason.trim();
    setReason('');
    setError(null);
    props.onDecline(given);
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('orders:actions.confirmDeclineTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={submit} noValidate data-testid="decline-dialog">
        <Stack gap="sm">
          <Text>{t('orders:actions.confirmDecline')}</Text>
          <Textarea
            label={t('orders:actions.declineReason')}
            description={t('orders:actions.declineReasonHint')}
            required
            autosize
            minRows={3}
            maxLength={TRANSITION_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error ? t(error as never) : undefined}
            data-autofocus
            data-testid="decline-reason"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" color="red" data-testid="decline-confirm">
              {t('orders:actions.decline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
