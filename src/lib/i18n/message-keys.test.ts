import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '@domain/messages';
import { LANGUAGES } from './languages';

/** Every message key the domain (and so the server) emits has a text in every language. */
describe('domain message keys', () => {
  it.each(LANGUAGES)('are all translated in %s', (lng) => {
    for (const key of MESSAGE_KEYS) {
      const [ns, name] = key.split(':') as [string, string];
      const texts = JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Record<
        string,
        unknown
      >;
      const found = name in texts || `${name}_one` in texts;
      expect(found, `${lng} ${key}`).toBe(true);
    }
  });
});
