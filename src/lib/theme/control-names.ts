/**
 * Names for the controls Mantine draws itself (axe `button-name`): the × of every
 * modal, drawer and notification is called "Schließen" / "Close" / "Fermer" unless the screen
 * names it.
 */
import type { MantineThemeOverride } from '@mantine/core';

export function withControlNames(theme: MantineThemeOverride, close: string): MantineThemeOverride {
  const closeButton = { defaultProps: { closeButtonProps: { 'aria-label': close } } };
  return {
    ...theme,
    components: {
      ...theme.components,
      Modal: closeButton,
      Drawer: closeButton,
      Notification: closeButton,
    },
  };
}
