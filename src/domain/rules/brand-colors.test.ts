import { describe, expect, it } from 'vitest';
import { BRAND_COLOR_NAMES, normalBrandColor } from './brand-colors';

describe('brand colours', () => {
  it('takes every offered name and #rrggbb, in lower case', () => {
    for (const name of BRAND_COLOR_NAMES) expect(normalBrandColor(name)).toBe(name);
    expect(normalBrandColor(' Teal ')).toBe('teal');
    expect(normalBrandColor('#8A2BE2')).toBe('#8a2be2');
  });
  it('refuses names the palette does not have and anything that is not a colour', () => {
    for (const bad of ['tealish', 'purple', 'red; x', '#12345', '#1234567', '', 'rgb(1,2,3)']) {
      expect(normalBrandColor(bad), bad).toBeNull();
    }
  });
});
