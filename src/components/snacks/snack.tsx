/**
 * Snack messages (docs/api.md) on @mantine/notifications: a stack bottom-right (at the top
 * on phones), each closable, each closing itself after its timeout (default 8000 ms) with a
 * countdown bar. Errors are announced at once (role alert), the rest politely (role status).
 */
import type { MantineColor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '@lib/i18n';
import { AlertIcon, CheckIcon, InfoIcon } from '../icons';
import { SnackBody, type SnackAction } from './snack-body';

export type SnackType = 'success' | 'error' | 'warning' | 'info';

export interface SnackInput {
  /** Already translated text. */
  text: string;
  type?: SnackType;
  /** Milliseconds until it closes itself; 0 keeps it until closed. */
  timeout?: number;
  /**
   * One action the message offers ("Undo"): a full-width button under the text, so that its
   * label is never squeezed beside a long text on a phone. Tapping it closes the message.
   */
  action?: SnackAction;
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

/** The open snacks by type and text: the same message again replaces the one shown. */
const open = new Map<string, string>();

/**
 * Phones show snacks at the top: the bottom of a phone screen is where a form's buttons are
 * (the hose check's "Save" and "Next"), and a message must never sit on them.
 */
const PHONE = '(max-width: 48em)';
function snackPosition(): 'top-center' | 'bottom-right' {
  const narrow = typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches;
  return narrow ? 'top-center' : 'bottom-right';
}

/**
 * Shows a message; returns its id for {@link closeSnack}. Different messages stack (SPEC);
 * the same message again — "Check saved" after each of three quick saves — replaces the one
 * still shown instead of piling up.
 */
export function snack(input: SnackInput): string {
  const id = `snack-${nextId++}`;
  const type = input.type ?? 'info';
  const timeout = input.timeout ?? SNACK_DEFAULT_TIMEOUT;
  const key = `${type}\u0000${input.text}`;
  const shown = open.get(key);
  if (shown) notifications.hide(shown);
  open.set(key, id);
  notifications.show({
    id,
    position: snackPosition(),
    onClose: () => {
      if (open.get(key) === id) open.delete(key);
    },
    // The body's clock closes it, so that the bar and the closing never disagree (Mantine's own
    // timer restarts from zero after a hover and draws no bar).
    autoClose: false,
    color: COLORS[type],
    icon: <SnackIcon type={type} />,
    message: (
      <SnackBody
        id={id}
        text={input.text}
        timeout={timeout}
        color={COLORS[type]}
        action={input.action}
      />
    ),
    role: type === 'error' ? 'alert' : 'status',
    withBorder: true,
    maw: SNACK_WIDTH,
    ml: 'auto',
    // The × is a 44 px target through the theme (lib/theme/control-names.ts).
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
  open.clear();
  notifications.clean();
}
