// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from './backoff';

describe('backoff', () => {
  it('doubles the ceiling from 1 s per attempt', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffCeiling(n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000,
    ]);
  });

  it('never waits longer than 5 minutes, however many attempts', () => {
    expect(backoffCeiling(9)).toBe(300_000);
    expect(backoffCeiling(1_000)).toBe(300_000);
    expect(backoffDelay(1_000, DEFAULT_BACKOFF, () => 0.999999)).toBeLessThanOrEqual(300_000);
  });

  it('draws the delay anywhere between 0 and the ceiling (full jitter)', () => {
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(0);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.5)).toBe(4_000);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.999)).toBe(7_992);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(i % 12);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(backoffCeiling(i % 12));
    }
  });

  it('treats odd attempt numbers and random values safely', () => {
    expect(backoffCeiling(-3)).toBe(1_000);
    expect(backoffDelay(2, { baseMs: 100, capMs: 250 }, () => 2)).toBe(250);
  });
});
