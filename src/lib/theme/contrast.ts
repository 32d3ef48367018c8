/**
 * Readable colours (WCAG 2.1 AA): Mantine's default light shades put white text on
 * blue 6 at 3.5:1, grey "dimmed" text at 3.3:1 and a light badge's text at 3.8:1 — too faint.
 * For every theme colour (a customer's brand colour too) the CSS variables that colour text
 * or carry white text are darkened, step by step, until they reach 4.5:1 on what they sit on.
 * The palettes themselves stay as they are (backgrounds, borders, the dark scheme).
 */
import type { CSSVariablesResolver } from '@mantine/core';
import { mix, parseHexColor, toHex, type Rgb } from './color-shades';

/** AA for normal text, with a little room for anti-aliasing. */
export const MIN_CONTRAST = 4.6;
const WHITE = '#ffffff';
/** The lightest grey a card or table row uses behind text (Mantine gray 1). */
const LIGHT_GREY = '#f1f3f5';

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two hex colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const la = luminance(parseHexColor(a) ?? [0, 0, 0]);
  const lb = luminance(parseHexColor(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `color`, darkened towards black just enough to reach MIN_CONTRAST against `against`. */
export function readableOn(color: string, against: string): string {
  const base = parseHexColor(color);
  if (!base) return color;
  for (let amount = 0; amount < 1; amount += 0.02) {
    const candidate = toHex(mix(base, 0, amount));
    if (contrast(candidate, against) >= MIN_CONTRAST) return candidate;
  }
  return '#000000';
}

/** The light scheme's text and filled colours, readable; merged over Mantine's defaults. */
export const readableColors: CSSVariablesResolver = (theme) => {
  const shade =
    typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const base = shades[shade];
    if (!base?.startsWith('#')) continue;
    // White text on it (filled buttons and badges) and it as text on white or light grey.
    const filled = readableOn(base, LIGHT_GREY);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = toHex(
      mix(parseHexColor(filled) ?? [0, 0, 0], 0, 0.12),
    );
    light[`--mantine-color-${name}-text`] = filled;
    light[`--mantine-color-${name}-outline`] = filled;
    // A light badge or button: shade 9 on shade 1 (2 when hovered).
    light[`--mantine-color-${name}-light-color`] = readableOn(
      shades[9] ?? base,
      shades[2] ?? WHITE,
    );
  }
  const primary = theme.colors[theme.primaryColor]?.[shade];
  const red = theme.colors.red?.[shade];
  const gray = theme.colors.gray?.[6];
  if (primary) light['--mantine-color-anchor'] = readableOn(primary, LIGHT_GREY);
  if (red) light['--mantine-color-error'] = readableOn(red, LIGHT_GREY);
  if (gray) light['--mantine-color-dimmed'] = readableOn(gray, LIGHT_GREY);
  return { variables: {}, light, dark: {} };
};
