import { describe, expect, it } from 'vitest';
import { parseCookie, serializeCookie } from './cookies';

describe('cookies', () => {
  it('serialises a 365-day, same-site lax cookie on the root path', () => {
    const now = Date.UTC(2025, 0, 1);
    const text = serializeCookie('locale', 'en-gb', { days: 365 }, now);
    expect(text).toContain('locale=en-gb');
    expect(text).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(text).toContain(`Expires=${new Date(now + 365 * 86_400_000).toUTCString()}`);
    expect(text).toContain('Path=/');
    expect(text).toContain('SameSite=Lax');
    expect(text).not.toContain('Secure');
  });

  it('adds Secure when asked', () => {
    expect(serializeCookie('a', 'b', { days: 1, secure: true })).toMatch(/; Secure$/);
  });

  it('encodes values and reads them back', () => {
    const json = JSON.stringify({ customerId: 'c 1', locationId: null });
    const header = `other=1; ${serializeCookie('selection', json, { days: 1 }).split(';')[0]}`;
    expect(parseCookie(header, 'selection')).toBe(json);
    expect(parseCookie(header, 'other')).toBe('1');
    expect(parseCookie(header, 'missing')).toBeNull();
  });

  it('ignores undecodable values', () => {
    expect(parseCookie('bad=%E0%A4%A', 'bad')).toBeNull();
  });
});
