/**
 * The report texts (locales/<lng>/reports.json as the server loads them): every stored DGUV
 * answer value prints in every language, German prints the stored strings themselves, dates
 * follow the locale, and an unknown locale falls back to German.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DGUV_FINDINGS, DGUV_OK } from '@domain/schemas/dguv-answer';
import { LOCALE } from '@domain/schemas/enums';
import { loadReportTexts } from '@server/reports/report-texts';

const texts = loadReportTexts(path.resolve(__dirname, '../../locales'));

describe('report texts', () => {
  it('prints the German findings exactly as stored', () => {
    for (const finding of DGUV_FINDINGS) expect(texts('de').finding(finding)).toBe(finding);
    expect(texts('de').finding(DGUV_OK)).toBe('In Ordnung');
  });

  it.each(LOCALE.filter((l) => l !== 'de'))('translates every finding into %s', (locale) => {
    const seen = new Set<string>();
    for (const finding of DGUV_FINDINGS) {
      const text = texts(locale).finding(finding);
      expect(text, finding).not.toBe(finding);
      expect(text, finding).not.toMatch(/^dguv\./);
      seen.add(text);
    }
    expect(seen.size).toBe(DGUV_FINDINGS.length);
  });

  it('keeps an unknown value as it is, and falls back to German for an unknown locale', () => {
    expect(texts('fr').finding('Sonstiges')).toBe('Sonstiges');
    expect(texts('xx').t('dguv.title')).toBe(texts('de').t('dguv.title'));
    expect(texts(null).locale).toBe('de');
  });

  it('writes dates and page numbers the way each language does', () => {
    expect(texts('de').moment('2026-11-20 09:30:00')).toBe('20.11.2026, 09:30');
    expect(texts('en-gb').day('2026-11-20')).toBe('20/11/2026');
    // An instant prints in the company's zone (Berlin, UTC+1 in November).
    expect(texts('fr').moment('2026-11-20T08:00:00.000Z')).toBe('20/11/2026 09:00');
    expect(texts('de').t('page', { page: 1, pages: 3 })).toBe('Seite 1 von 3');
    expect(texts('en-gb').t('page', { page: 1, pages: 3 })).toBe('Page 1 of 3');
    expect(texts('fr').t('page', { page: 1, pages: 3 })).toBe('Page 1 sur 3');
    expect(texts('fr').t('draft')).toBe('Brouillon');
  });
});
