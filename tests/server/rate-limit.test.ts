/** The per-user API rate limit (a minute's allowance, counted in the database) through the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { actor, STAFF_ALL, type Actor } from '../helpers/cms';

const session = (s: TestServer, a: Actor) =>
  s.app.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${a.token}` } });

describe('per-user API rate limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ RATE_LIMIT_API_PER_MINUTE: '30' });
  });
  afterAll(() => s.close());

  it('answers a burst above the limit with 429 rate_limited and Retry-After', async () => {
    const a = await actor(s, { roles: STAFF_ALL });
    let ok = 0;
    let last = await session(s, a);
    for (; last.statusCode === 200 && ok < 100; last = await session(s, a)) ok++;
    // A minute's 30 calls, from the first one on.
    expect(ok).toBe(30);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({
      status: 429,
      code: 'rate_limited',
      message: 'login:tooManyRequests',
    });
    // Until the minute that began with the first call ends.
    const wait = Number(last.headers['retry-after']);
    expect(wait).toBeGreaterThan(30);
    expect(wait).toBeLessThanOrEqual(60);
    // Another user is not affected, and neither are calls without a user (health).
    expect((await session(s, await actor(s))).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('RATE_LIMIT_API_PER_MINUTE=0', () => {
  it('turns the limit off', async () => {
    const s = await startTestServer({ RATE_LIMIT_API_PER_MINUTE: '0' });
    try {
      const a = await actor(s);
      for (let i = 0; i < 100; i++) expect((await session(s, a)).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});
