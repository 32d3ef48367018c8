import { describe, expect, it } from 'vitest';
import { formatDocumentTitle } from './title';

describe('document title', () => {
  it("uses '{route name} - Schlauchmanager'", () => {
    expect(formatDocumentTitle('Maschinen')).toBe('Maschinen - Schlauchmanager');
  });

  it("falls back to 'Schlauchmanager'", () => {
    expect(formatDocumentTitle(null)).toBe('Schlauchmanager');
    expect(formatDocumentTitle(undefined)).toBe('Schlauchmanager');
    expect(formatDocumentTitle('  ')).toBe('Schlauchmanager');
  });
});
