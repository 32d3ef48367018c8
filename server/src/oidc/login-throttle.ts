/**
 * Slows down password guessing, counted in the database so that every server instance sees the
 * same failures (plugins/shared-limits.ts; docs/operations.md "Limits"):
 * - per username at one address (the caller keys it by both, so nobody elsewhere can lock a
 *   user out): after 5 failures within 15 minutes, each further attempt waits 30 seconds;
 * - per address (password spraying): see AddressThrottle.
 * A real Keycloak brings its own brute-force detection.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SharedCounter } from '../plugins/shared-limits';

const WINDOW_MS = 15 * 60 * 1000;
const FREE_ATTEMPTS = 5;
const LOCK_MS = 30 * 1000;

export class LoginThrottle {
  private readonly counter: SharedCounter;
  constructor(
    db: Kysely<Database>,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.counter = new SharedCounter(db, 'login', WINDOW_MS, now);
  }

  /** Seconds to wait before the next attempt, 0 when allowed. */
  async retryAfter(key: string): Promise<number> {
    const state = await this.counter.peek(key);
    if (!state || state.hits < FREE_ATTEMPTS) return 0;
    const left = state.lastAt + LOCK_MS - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  async fail(key: string): Promise<void> {
    await this.counter.hit(key);
  }

  async succeed(key: string): Promise<void> {
    await this.counter.clear(key);
  }
}

/**
 * Against password spraying (one password tried on many usernames, which the per-user throttle
 * never sees): at most `limit` FAILED sign-ins per client address in 15 minutes from its first
 * failure; past it every attempt from the address is held back a while and a wrong password
 * answered 429 until the window ends — but a correct password still signs in
 * (login-submit.ts), so an office behind one address is never locked out by a stranger.
 */
export class AddressThrottle {
  private readonly counter: SharedCounter;
  constructor(
    db: Kysely<Database>,
    private readonly limit: number,
    now: () => number = () => Date.now(),
  ) {
    this.counter = new SharedCounter(db, 'login-address', WINDOW_MS, now);
  }

  /** Seconds until the address may try again, 0 when allowed (or when there is no limit). */
  async retryAfter(address: string): Promise<number> {
    if (this.limit <= 0) return 0;
    const state = await this.counter.peek(address);
    if (!state || state.hits < this.limit) return 0;
    return this.counter.secondsLeft(state.windowStart);
  }

  async fail(address: string): Promise<void> {
    if (this.limit > 0) await this.counter.hit(address);
  }
}
