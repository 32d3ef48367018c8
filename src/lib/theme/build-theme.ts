/**
 * The app's Mantine theme, optionally in a customer's brand colour (docs/architecture.md). The colour is a
 * Mantine colour name ('teal') or a hex colour ('#0a7d3b'); anything else keeps the default.
 */
import { DEFAULT_THEME, createTheme, type MantineThemeOverride } from '@mantine/core';
import { generateColorShades, parseHexColor } from './color-shades';

export const DEFAULT_PRIMARY_COLOR = 'blue';
const BRAND = 'brand';

const base = {
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
} as const;

/**
 * The hex colour a brand colour shows as: a palette name (any case) its primary shade (6),
 * a hex colour itself; null for anything else. The branding preview paints this, so every
 * offered name previews exactly as the theme will use it.
 */
export function brandColorHex(primaryColor?: string | null): string | null {
  const color = primaryColor?.trim().toLowerCase();
  if (!color) return null;
  if (color in DEFAULT_THEME.colors) return DEFAULT_THEME.colors[color]?.[6] ?? null;
  return parseHexColor(color) ? color : null;
}

export function buildTheme(primaryColor?: string | null): MantineThemeOverride {
  const color = primaryColor?.trim().toLowerCase();
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
