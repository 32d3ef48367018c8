import { describe, expect, it } from 'vitest';
import { interpolate, matchLanguage, pickLanguage } from './login-i18n';

describe('login page language', () => {
  it('maps language tags to de, en-gb or fr', () => {
    expect(matchLanguage('en')).toBe('en-gb');
    expect(matchLanguage('EN-US')).toBe('en-gb');
    expect(matchLanguage('fr-CH')).toBe('fr');
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('es')).toBeNull();
  });
  it('prefers explicit choices, then Accept-Language, then German', () => {
    expect(pickLanguage(['fr', 'en'], 'de')).toBe('fr');
    expect(pickLanguage([undefined, 'es en-gb'], 'de')).toBe('en-gb');
    expect(pickLanguage([], 'es-ES,fr;q=0.8')).toBe('fr');
    expect(pickLanguage([], undefined)).toBe('de');
  });
  it('fills placeholders', () => {
    expect(interpolate('in {{seconds}} s', { seconds: 30 })).toBe('in 30 s');
  });
});
