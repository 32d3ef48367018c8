import { describe, expect, it } from 'vitest';
import { buildTheme } from './build-theme';
import { generateColorShades, parseHexColor } from './color-shades';

describe('colour shades', () => {
  it('parses long and short hex colours', () => {
    expect(parseHexColor('#0a7d3b')).toEqual([10, 125, 59]);
    expect(parseHexColor('fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('teal')).toBeNull();
  });

  it('generates ten shades, light to dark, with the brand colour at index 6', () => {
    const shades = generateColorShades('#1c7ed6');
    expect(shades).toHaveLength(10);
    expect(shades?.[6]).toBe('#1c7ed6');
    const brightness = (hex: string) => {
      const rgb = parseHexColor(hex) ?? [0, 0, 0];
      return rgb[0] + rgb[1] + rgb[2];
    };
    const values = (shades ?? []).map(brightness);
    for (let i = 1; i < values.length; i++) {
      expect(values[i], `shade ${i}`).toBeLessThan(values[i - 1] ?? Infinity);
    }
  });
});

describe('buildTheme', () => {
  it('keeps the default primary colour without branding', () => {
    expect(buildTheme(null).primaryColor).toBe('blue');
    expect(buildTheme('not a colour').primaryColor).toBe('blue');
  });

  it('uses a Mantine colour name as it is', () => {
    expect(buildTheme('teal').primaryColor).toBe('teal');
  });

  it('turns a hex colour into a brand palette', () => {
    const theme = buildTheme('#0a7d3b');
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[6]).toBe('#0a7d3b');
  });
});
