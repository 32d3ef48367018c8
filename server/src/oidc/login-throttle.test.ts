import { describe, expect, it } from 'vitest';
import { AddressThrottle, LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('allows five failures, then makes the user wait 30 s, then allows again', () => {
    let now = 1_000_000;
    const t = new LoginThrottle(() => now);
    for (let i = 0; i < 4; i++) t.fail('a');
    expect(t.retryAfter('a')).toBe(0);
    t.fail('a');
    expect(t.retryAfter('a')).toBe(30);
    expect(t.retryAfter('b')).toBe(0);
    now += 29_500;
    expect(t.retryAfter('a')).toBe(1);
    now += 600;
    expect(t.retryAfter('a')).toBe(0);
  });

  it('forgets failures after a success and after the 15-minute window', () => {
    let now = 0;
    const t = new LoginThrottle(() => now);
    for (let i = 0; i < 4; i++) t.fail('a');
    t.succeed('a');
    t.fail('a');
    expect(t.retryAfter('a')).toBe(0);
    for (let i = 0; i < 3; i++) t.fail('a');
    now += 16 * 60_000;
    t.fail('a');
    expect(t.retryAfter('a')).toBe(0);
  });
});

describe('AddressThrottle', () => {
  it('refuses an address after `limit` failures until the oldest leaves the 15 minutes', () => {
    let now = 0;
    const t = new AddressThrottle(3, () => now);
    t.fail('1.2.3.4');
    now += 60_000;
    t.fail('1.2.3.4');
    t.fail('1.2.3.4');
    expect(t.retryAfter('1.2.3.4')).toBe(14 * 60);
    expect(t.retryAfter('5.6.7.8')).toBe(0);
    now += 14 * 60_000 + 1;
    expect(t.retryAfter('1.2.3.4')).toBe(0);
  });

  it('never refuses with limit 0', () => {
    const t = new AddressThrottle(0);
    for (let i = 0; i < 100; i++) t.fail('a');
    expect(t.retryAfter('a')).toBe(0);
  });
});
