/**
 * Per-user API rate limit: at most a minute's allowance of calls per signed-in user in each
 * minute from the user's first call, counted in the database so that every server instance
 * sees the same count (shared-limits.ts). Past the limit: `429 {status, code: 'rate_limited',
 * message}` with `Retry-After` (seconds until the minute ends), which the sync engine retries
 * like a 5xx. `RATE_LIMIT_API_PER_MINUTE=0` turns it off (and only it).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from './errors';
import { SharedRateLimit } from './shared-limits';

export const RATE_LIMITED = 'login:tooManyRequests';

/** Throws the 429 answer when `wait` (seconds) is above 0. */
export function refuseIfLimited(
  reply: { header(name: string, value: string): unknown },
  wait: number,
) {
  if (wait <= 0) return;
  reply.header('retry-after', String(wait));
  throw new HttpError(429, 'rate_limited', RATE_LIMITED);
}

/** Registered after the auth plugin: its onRequest hook needs `req.authUser`. */
export function rateLimitPlugin(app: FastifyInstance, db: Kysely<Database>, perMinute: number) {
  if (perMinute <= 0) return;
  const limit = new SharedRateLimit(db, 'api', perMinute, 60_000);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.authUser) return;
    refuseIfLimited(reply, await limit.take(req.authUser.id));
  });
}
