/**
 * The controls Mantine draws itself. Their × (modal, drawer, notification):
 * - is called "Schließen" / "Close" / "Fermer" unless the screen names it (axe `button-name`);
 * - is a 44 px target for a finger, like every control on a phone (Mantine draws 28 px), with
 *   the icon as it was. It is set as a style so that a screen's own `closeButtonProps` keep it.
 * A notification's text under a title is the readable dimmed colour (contrast.ts): Mantine
 * draws it in gray 6, 3.3:1 on white.
 */
import type { MantineThemeOverride } from '@mantine/core';

const FINGER = { width: 44, height: 44, minWidth: 44, minHeight: 44 };

export function withControlNames(theme: MantineThemeOverride, close: string): MantineThemeOverride {
  const defaultProps = { closeButtonProps: { 'aria-label': close } };
  return {
    ...theme,
    components: {
      ...theme.components,
      Modal: { defaultProps, styles: { close: FINGER } },
      Drawer: { defaultProps, styles: { close: FINGER } },
      Notification: {
        defaultProps,
        styles: { closeButton: FINGER, description: { color: 'var(--mantine-color-dimmed)' } },
      },
    },
  };
}
