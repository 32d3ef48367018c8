/**
 * Promise-based confirm dialog (SPEC §3/§4): `await confirm({...})` is true when the user
 * confirms and false for cancel, the close button, Escape or a click outside. The options stay
 * in place for 400 ms after closing so the closing transition still shows the same text.
 */
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { create } from 'zustand';

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

export const CONFIRM_RESET_DELAY_MS = 400;
export const CONFIRM_WIDTH = 600;

interface ConfirmState {
  opened: boolean;
  options: ConfirmOptions | null;
}

export const useConfirmStore = create<ConfirmState>()(() => ({ opened: false, options: null }));

let pending: ((result: boolean) => void) | null = null;
let resetTimer: ReturnType<typeof setTimeout> | undefined;

export function confirm(options: ConfirmOptions): Promise<boolean> {
  // A dialog opened while another one is showing answers the older one with "no".
  pending?.(false);
  clearTimeout(resetTimer);
  return new Promise<boolean>((resolve) => {
    pending = resolve;
    useConfirmStore.setState({ opened: true, options });
  });
}

/** Closes the dialog with the user's answer. Later calls for the same dialog do nothing. */
export function settleConfirm(result: boolean): void {
  const resolve = pending;
  pending = null;
  if (!resolve) return;
  useConfirmStore.setState({ opened: false });
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => {
    if (!useConfirmStore.getState().opened) useConfirmStore.setState({ options: null });
  }, CONFIRM_RESET_DELAY_MS);
  resolve(result);
}
