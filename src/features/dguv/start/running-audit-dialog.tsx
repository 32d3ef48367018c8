/**
 * docs/architecture.md and docs/api.md: when an audit is already running, the user continues it, discards it (deleted
 * irrecoverably, then the new one starts) or goes back.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '@domain/format';
import type { AuditRow } from '../data/audit-queries';

export interface RunningAuditDialogProps {
  opened: boolean;
  running: AuditRow;
  machineLabel: string;
  busy: boolean;
  onContinue: () => void;
  onDiscard: () => void;
  onBack: () => void;
}

export function RunningAuditDialog(props: RunningAuditDialogProps) {
  const { t, i18n } = useTranslation('dguv');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onBack}
      title={t('start.runningTitle')}
      size={600}
      centered
    >
      <Stack>
        <Text>
          {t('start.runningMessage', {
            machine: props.machineLabel,
            date: formatMoment(props.running.startDate, i18n.language),
          })}
        </Text>
        <Text size="sm" c="red">
          {t('start.discardWarning')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onBack}>
            {t('start.back')}
          </Button>
          <Button color="red" variant="light" loading={props.busy} onClick={props.onDiscard}>
            {t('start.discardAndStart')}
          </Button>
          <Button onClick={props.onContinue} data-autofocus>
            {t('start.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
