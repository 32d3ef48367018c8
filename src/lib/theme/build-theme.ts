/**
 * The app's Mantine theme, optionally in a customer's brand colour (docs/architecture.md). The colour is a
 * Mantine colour name ('teal') or a hex colour ('#0a7d3b'); anything else keeps the default.
 */
import { DEFAULT_THEME, createTheme, type MantineThemeOverride } from '@mantine/core';
import { generateColorShades } from './color-shades';

export const DEFAULT_PRIMARY_COLOR = 'blue';
const BRAND = 'brand';

const base = {
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
} as const;

export function buildTheme(primaryColor?: string | null): MantineThemeOverride {
  const color = primaryColor?.trim();
  if (color && color in DEFAULT_THEME.colors) return createTheme({ ...base, primaryColor: color });
  const shades = color ? generateColorShades(color) : null;
  if (shades) {
    return createTheme({
      ...base,
      colors: { [BRAND]: shades },
      primaryColor: BRAND,
      primaryShade: { light: 6, dark: 8 },
    });
  }
  return createTheme({ ...base, primaryColor: DEFAULT_PRIMARY_COLOR });
}
