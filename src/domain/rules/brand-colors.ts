/**
 * The brand colours a customer's branding may name (docs/architecture.md, branding): Mantine's
 * palette names, offered as swatches in the branding settings; any other colour is
 * given as a #rrggbb hex colour. A name is stored in lower case ("Teal" is "teal"), so the
 * theme and the preview, which look names up in Mantine's palette, always find it.
 */
export const BRAND_COLOR_NAMES = [
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'gray',
  'dark',
] as const;
export type BrandColorName = (typeof BRAND_COLOR_NAMES)[number];

const HEX = /^#[0-9a-f]{6}$/;

/**
 * A brand colour as it is stored: a palette name or #rrggbb, trimmed and in lower case; null
 * for anything else (refused with 'validation:format').
 */
export function normalBrandColor(value: string): string | null {
  const color = value.trim().toLowerCase();
  if (HEX.test(color)) return color;
  return (BRAND_COLOR_NAMES as readonly string[]).includes(color) ? color : null;
}
