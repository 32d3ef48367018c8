/**
 * Per-user API rate limit: a token bucket per signed-in user that holds a
 * minute's allowance and refills continuously, so a device catching up after a day offline
 * may burst, while one user cannot keep the server busy for everybody else. Past the limit:
 * `429 {status, code: 'rate_limited', message}` with `Retry-After` (seconds), which the sync
 * engine retries like a 5xx. In memory per instance; `RATE_LIMIT_API_PER_MINUTE=0` turns it off.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

export const RATE_LIMITED = 'login:tooManyRequests';
const MAX_KEYS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly capacity: number,
    windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.perMs = capacity / windowMs;
  }

  /** Takes one token for `key`: 0 when allowed, else the seconds until one is there. */
  take(key: string): number {
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    b.tokens = Math.min(this.capacity, b.tokens + (now - b.at) * this.perMs);
    b.at = now;
    if (b.tokens < 1) {
      this.buckets.set(key, b);
      return Math.max(1, Math.ceil((1 - b.tokens) / this.perMs / 1000));
    }
    b.tokens -= 1;
    // Re-inserting keeps the map in order of last use, so the eviction below drops the user
    // idle longest (whose bucket has refilled anyway).
    this.buckets.delete(key);
    this.buckets.set(key, b);
    if (this.buckets.size > MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!);
    return 0;
  }
}

/** Registered after the auth plugin: its onRequest hook needs `req.authUser`. */
export function rateLimitPlugin(app: FastifyInstance, perMinute: number): void {
  if (perMinute <= 0) return;
  const buckets = new TokenBuckets(perMinute, 60_000);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.authUser) return;
    const wait = buckets.take(req.authUser.id);
    if (wait === 0) return;
    reply.header('retry-after', String(wait));
    throw new HttpError(429, 'rate_limited', RATE_LIMITED);
  });
}
