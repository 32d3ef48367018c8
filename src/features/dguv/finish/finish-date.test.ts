import { describe, expect, it } from 'vitest';
import { signedAtOf, todayLocal } from './finish-date';

describe('finish date', () => {
  it('is today on the device and keeps the time when signing today', () => {
    const now = new Date(2026, 10, 22, 7, 45, 3);
    expect(todayLocal(now)).toBe('2026-11-22');
    expect(signedAtOf('2026-11-22', now)).toBe(now);
  });

  it('takes noon of another chosen day, and now for garbage', () => {
    const now = new Date(2026, 10, 22, 7, 45, 3);
    const signed = signedAtOf('2026-11-20', now);
    expect([signed.getFullYear(), signed.getMonth(), signed.getDate(), signed.getHours()]).toEqual([
      2026, 10, 20, 12,
    ]);
    expect(signedAtOf('', now)).toBe(now);
  });
});
