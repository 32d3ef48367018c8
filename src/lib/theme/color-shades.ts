/**
 * Turns one brand colour into the ten shades Mantine expects for a theme colour, so a customer's
 * hex colour (docs/architecture.md branding) can become the primary colour. The given colour sits at index 6,
 * Mantine's default light-mode primary shade; lighter shades mix towards white, darker ones
 * towards black.
 */
import { colorsTuple, type MantineColorsTuple } from '@mantine/core';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export type Rgb = readonly [number, number, number];

export function parseHexColor(value: string): Rgb | null {
  const m = HEX.exec(value.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

export function mix(color: Rgb, target: number, amount: number): Rgb {
  return [
    color[0] + (target - color[0]) * amount,
    color[1] + (target - color[1]) * amount,
    color[2] + (target - color[2]) * amount,
  ];
}

// Share of white for shades 0–5 and of black for shades 7–9.
const TINTS = [0.92, 0.8, 0.65, 0.5, 0.33, 0.16] as const;
const SHADES = [0.12, 0.24, 0.36] as const;

/** Ten shades from light to dark, or null when `value` is not a hex colour. */
export function generateColorShades(value: string): MantineColorsTuple | null {
  const base = parseHexColor(value);
  if (!base) return null;
  const tints = TINTS.map((a) => toHex(mix(base, 255, a)));
  const shades = SHADES.map((a) => toHex(mix(base, 0, a)));
  return colorsTuple([...tints, toHex(base), ...shades]);
}
