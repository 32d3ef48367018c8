/**
 * Promise-based confirm dialog (docs/api.md) on @mantine/modals: `await confirm({...})` is true
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

/**
 * Dialogs asked for while no {@link ConfirmDialog} is mounted: the app loads it on demand
 * (app.tsx AppOverlays), and Mantine's `modals.*` events find no listener before it is, so a
 * tap on "Approve" in the first second after a reload opened nothing (found by an e2e run).
 * They open once a dialog host is mounted; one asked for longer than WAIT_MS ago answers "no"
 * instead (the user has moved on).
 */
const waiting: Array<{ at: number; open: () => void; refuse: () => void }> = [];
let hosts = 0;
const WAIT_MS = 10_000;

/** Called by ConfirmDialog once mounted (after ModalsProvider listens); returns its unmount. */
export function confirmHostMounted(): () => void {
  hosts += 1;
  const now = Date.now();
  for (const w of waiting.splice(0)) (now - w.at <= WAIT_MS ? w.open : w.refuse)();
  return () => {
    hosts -= 1;
  };
}

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const open = () => openConfirm(options, resolve);
    if (hosts > 0) open();
    else waiting.push({ at: Date.now(), open, refuse: () => resolve(false) });
  });
}

function openConfirm(options: ConfirmOptions, resolve: (answer: boolean) => void): void {
  // A dialog opened while another one is showing answers the older one with "no".
  if (openId !== null) modals.close(openId);
  const persistent = options.persistent === true;
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
}
