/**
 * Calendar feed:
 *   POST   /api/calendar/tokens          {customerId, locale}  a new link (its URL, once)
 *   GET    /api/calendar/tokens          the signed-in user's live links
 *   DELETE /api/calendar/tokens/{id}     revoke one
 *   GET    /api/calendar/customer/{customerId}/calendar.ics?token=…   the feed, no bearer
 * The feed is public to the auth plugin (plugins/auth `isPublicApi`): its token is the
 * credential. It is rate-limited per token like the API is per user.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { feedTokenCreateSchema } from '@domain/schemas/calendar';
import type { Database } from '@server/db/schema';
import { requireUser } from '@server/plugins/auth';
import { HttpError, parseOr400 } from '@server/plugins/errors';
import { RATE_LIMITED, TokenBuckets } from '@server/plugins/rate-limit';
import { loadReportTexts } from '@server/reports/report-texts';
import {
  createFeedToken,
  customerFeed,
  listFeedTokens,
  revokeUserFeedToken,
  type CalendarOptions,
} from './calendar.service';

/** Fetches one link may make per minute: calendar apps poll every few minutes at most. */
const FEED_PER_MINUTE = 60;

export function calendarRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    publicUrl: string;
    localesDir: string;
    embedded: boolean;
    /** 0 turns the limit off (RATE_LIMIT_API_PER_MINUTE=0, load benchmarks). */
    apiPerMinute: number;
  },
) {
  const o: CalendarOptions = {
    db: deps.db,
    publicUrl: deps.publicUrl,
    texts: loadReportTexts(deps.localesDir),
    embedded: deps.embedded,
  };
  const buckets = deps.apiPerMinute > 0 ? new TokenBuckets(FEED_PER_MINUTE, 60_000) : null;

  app.post('/api/calendar/tokens', async (req, reply) => {
    const input = parseOr400(feedTokenCreateSchema, req.body ?? {});
    reply.code(201).header('cache-control', 'no-store');
    return createFeedToken(o, requireUser(req), input);
  });

  app.get('/api/calendar/tokens', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listFeedTokens(o, requireUser(req));
  });

  app.delete(
    '/api/calendar/tokens/:id',
    async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
      await revokeUserFeedToken(o, requireUser(req), req.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/calendar/customer/:customerId/calendar.ics',
    async (
      req: FastifyRequest<{ Params: { customerId: string }; Querystring: { token?: unknown } }>,
      reply,
    ) => {
      const token = typeof req.query.token === 'string' ? req.query.token : undefined;
      // Per presented token (hashed, so the map never holds one): every fetch costs a few reads.
      const key = createHash('sha256')
        .update(token ?? `ip:${req.ip}`)
        .digest('base64url');
      const wait = buckets?.take(key) ?? 0;
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, 'rate_limited', RATE_LIMITED);
      }
      const body = await customerFeed(o, token, req.params.customerId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .send(body);
    },
  );
}
