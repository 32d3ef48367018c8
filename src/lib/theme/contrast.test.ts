import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './build-theme';
import { contrast, readableColors, readableOn } from './contrast';

const AA = 4.5;

describe('contrast', () => {
  it('measures WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // Mantine's blue 6 under white text: the 3.5:1 axe found.
    expect(contrast('#228be6', '#ffffff')).toBeCloseTo(3.55, 1);
  });

  it('darkens a colour just enough', () => {
    const blue = readableOn('#228be6', '#ffffff');
    expect(contrast(blue, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrast(blue, '#ffffff')).toBeLessThan(5.5);
    expect(readableOn('#1a1b1e', '#ffffff')).toBe('#1a1b1e');
  });
});

describe('readableColors', () => {
  for (const [name, primary] of [
    ['default', null],
    ['a light brand colour', '#ffd43b'],
    ['a named colour', 'teal'],
  ] as const) {
    it(`gives every text and filled colour 4.5:1 (${name})`, () => {
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(primary));
      const { light } = readableColors(theme);
      const vars = Object.entries(light);
      expect(vars.length).toBeGreaterThan(60);
      for (const [key, value] of vars) {
        if (key.endsWith('-light-color')) {
          const color = key.slice('--mantine-color-'.length, -'-light-color'.length);
          const background = theme.colors[color]?.[1] ?? '#ffffff';
          expect(contrast(value, background), key).toBeGreaterThanOrEqual(AA);
        } else {
          // White text on it, or it as text on white.
          expect(contrast(value, '#ffffff'), key).toBeGreaterThanOrEqual(AA);
        }
      }
      expect(light['--mantine-color-dimmed']).toBeDefined();
      expect(light['--mantine-color-anchor']).toBe(
        light[`--mantine-color-${theme.primaryColor}-text`],
      );
    });
  }
});
