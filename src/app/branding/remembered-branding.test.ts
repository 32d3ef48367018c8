// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberBranding, rememberedBranding } from './remembered-branding';

const teal = { customerId: 'c1', name: 'Kunde', primaryColor: 'teal', faviconUrl: null };

describe('remembered branding', () => {
  beforeEach(() => localStorage.clear());

  it('gives back what the server last said for that customer only', () => {
    expect(rememberedBranding('c1')).toBeNull();
    rememberBranding('c1', teal);
    rememberBranding('c2', null);
    expect(rememberedBranding('c1')).toEqual(teal);
    expect(rememberedBranding('c2')).toBeNull();
    expect(rememberedBranding(null)).toBeNull();
  });

  it('ignores stored values that are not a branding of that customer', () => {
    localStorage.setItem('branding', JSON.stringify({ c1: { ...teal, customerId: 'c9' } }));
    expect(rememberedBranding('c1')).toBeNull();
    localStorage.setItem('branding', '{not json');
    expect(rememberedBranding('c1')).toBeNull();
  });
});
