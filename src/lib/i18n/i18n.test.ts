// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from './i18n';
import { hasNamespace } from './locale-loader';

describe('i18n', () => {
  afterAll(async () => {
    await changeLanguage('de');
  });

  it('starts in German with every namespace loaded and sets <html lang>', async () => {
    await initI18n('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('routes:parts.tank.list')).toBe('Tanks');
    expect(i18n.t('validation:minLength', { count: 3 })).toBe(
      'Bitte geben Sie mindestens 3 Zeichen ein.',
    );
    expect(document.documentElement.lang).toBe('de');
  });

  it('switches language, loads it lazily and remembers it in the locale cookie', async () => {
    await initI18n('de');
    await changeLanguage('en-gb');
    expect(i18n.t('common:cancel')).toBe('Cancel');
    expect(i18n.t('validation:minLength', { count: 1 })).toBe('Please enter at least 1 character.');
    expect(document.documentElement.lang).toBe('en-GB');
    expect(document.cookie).toContain('locale=en-gb');
    await changeLanguage('fr');
    expect(i18n.t('errors:notFound.title')).toBe('Page introuvable');
  });

  it('never bundles the server login page translations', () => {
    expect(hasNamespace('de', 'common')).toBe(true);
    expect(hasNamespace('de', 'login')).toBe(false);
  });
});
