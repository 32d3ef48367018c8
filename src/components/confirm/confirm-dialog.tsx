/** Renders the confirm dialog of confirm-store; mount once near the app root. */
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONFIRM_WIDTH, settleConfirm, useConfirmStore } from './confirm-store';

export function ConfirmDialog() {
  const { t } = useTranslation(['common', 'shell']);
  const opened = useConfirmStore((s) => s.opened);
  const options = useConfirmStore((s) => s.options);
  const persistent = options?.persistent === true;
  const title = options?.title ?? t('shell:confirm.defaultTitle');
  return (
    <Modal
      opened={opened}
      onClose={() => settleConfirm(false)}
      size={CONFIRM_WIDTH}
      title={title}
      centered
      closeOnClickOutside={!persistent}
      closeOnEscape={!persistent}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="confirm-dialog"
    >
      <Stack gap="lg">
        <Group align="flex-start" wrap="nowrap" gap="md">
          {options?.icon ? (
            <ThemeIcon variant="light" color={options.color} size="lg" radius="xl">
              {options.icon}
            </ThemeIcon>
          ) : null}
          {typeof options?.message === 'string' ? <Text>{options.message}</Text> : options?.message}
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => settleConfirm(false)}>
            {options?.cancelText ?? t('common:cancel')}
          </Button>
          <Button color={options?.color} onClick={() => settleConfirm(true)} data-autofocus>
            {options?.confirmText ?? t('common:accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
