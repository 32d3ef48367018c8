/**
 * Promise-based confirm dialog (SPEC §3/§4) on @mantine/modals: `await confirm({...})` is true
 * when the user confirms and false for cancel, the close button, Escape or a click outside.
 * Needs {@link ConfirmDialog} mounted (it holds the ModalsProvider and the translated defaults).
 */
import { Group, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  icon?: ReactNode;
  color?: MantineColor;
  /** No closing by Escape or a click outside; only the buttons (and close button) decide. */
  persistent?: boolean;
  /** Defaults to t('common:accept'). */
  confirmText?: string;
  /** Defaults to t('common:cancel'). */
  cancelText?: string;
}

let openId: string | null = null;

function ConfirmMessage({ message, icon, color }: ConfirmOptions) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      {icon ? (
        <ThemeIcon variant="light" color={color} size="lg" radius="xl">
          {icon}
        </ThemeIcon>
      ) : null}
      {typeof message === 'string' ? <Text>{message}</Text> : message}
    </Group>
  );
}

export function confirm(options: ConfirmOptions): Promise<boolean> {
  // A dialog opened while another one is showing answers the older one with "no".
  if (openId !== null) modals.close(openId);
  const persistent = options.persistent === true;
  return new Promise<boolean>((resolve) => {
    const id = modals.openConfirmModal({
      // Left out rather than undefined, so that the provider's default title stays.
      ...(options.title === undefined ? {} : { title: options.title }),
      children: <ConfirmMessage {...options} />,
      closeOnClickOutside: !persistent,
      closeOnEscape: !persistent,
      // An undefined text falls back to the provider's translated label.
      cancelProps: { children: options.cancelText },
      confirmProps: { children: options.confirmText, color: options.color, 'data-autofocus': true },
      // Confirm runs before the modal's onClose, so a later false does not change the answer.
      onConfirm: () => resolve(true),
      onClose: () => {
        if (openId === id) openId = null;
        resolve(false);
      },
    });
    openId = id;
  });
}
