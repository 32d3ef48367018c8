/**
 * Snack messages (SPEC §3/§4/§9) on @mantine/notifications: a stack bottom-right, each closable,
 * each closing itself after its timeout (default 8000 ms) with a countdown bar. Errors are
 * announced at once (role alert), the rest politely (role status).
 */
import type { MantineColor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../../lib/i18n';
import { AlertIcon, CheckIcon, InfoIcon } from '../icons';
import { SnackBody } from './snack-body';

export type SnackType = 'success' | 'error' | 'warning' | 'info';

export interface SnackInput {
  /** Already translated text. */
  text: string;
  type?: SnackType;
  /** Milliseconds until it closes itself; 0 keeps it until closed. */
  timeout?: number;
}

export const SNACK_DEFAULT_TIMEOUT = 8000;
export const SNACK_WIDTH = 360;

const COLORS: Record<SnackType, MantineColor> = {
  success: 'green',
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

function SnackIcon({ type }: { type: SnackType }) {
  if (type === 'success') return <CheckIcon size={18} />;
  if (type === 'info') return <InfoIcon size={18} />;
  return <AlertIcon size={18} />;
}

let nextId = 1;

/** Shows a message; returns its id for {@link closeSnack}. */
export function snack(input: SnackInput): string {
  const id = `snack-${nextId++}`;
  const type = input.type ?? 'info';
  const timeout = input.timeout ?? SNACK_DEFAULT_TIMEOUT;
  notifications.show({
    id,
    position: 'bottom-right',
    // The body's clock closes it, so that the bar and the closing never disagree (Mantine's own
    // timer restarts from zero after a hover and draws no bar).
    autoClose: false,
    color: COLORS[type],
    icon: <SnackIcon type={type} />,
    message: <SnackBody id={id} text={input.text} timeout={timeout} color={COLORS[type]} />,
    role: type === 'error' ? 'alert' : 'status',
    withBorder: true,
    maw: SNACK_WIDTH,
    ml: 'auto',
    closeButtonProps: { 'aria-label': i18n.t('shell:snacks.close') },
    'data-testid': 'snack',
    'data-type': type,
  });
  return id;
}

export function closeSnack(id: string): void {
  notifications.hide(id);
}

/** Removes every message, shown or queued (tests, sign-out). */
export function clearSnacks(): void {
  notifications.clean();
}
