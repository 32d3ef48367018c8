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
import { parseOr400 } from '@server/plugins/errors';
import { refuseIfLimited } from '@server/plugins/rate-limit';
import { SharedRateLimit } from '@server/plugins/shared-limits';
import { loadReportTexts } from '@server/reports/report-texts';
import {
  createFeedToken,
  customerFeed,
  listFeedTokens,
  revokeUserFeedToken,
  type CalendarOptions,
} from './calendar.service';

export function calendarRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    publicUrl: string;
    localesDir: string;
    embedded: boolean;
    /**
     * Fetches one link may make per minute (RATE_LIMIT_CALENDAR_PER_MINUTE; calendar apps poll
     * every few minutes at most); 0 turns this limit off.
     */
    feedPerMinute: number;
  },
) {
  const o: CalendarOptions = {
    db: deps.db,
    publicUrl: deps.publicUrl,
    texts: loadReportTexts(deps.localesDir),
    embedded: deps.embedded,
  };
  const limit = new SharedRateLimit(deps.db, 'calendar', deps.feedPerMinute, 60_000);

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
      // Per presented token (hashed, so the table never holds one): every fetch costs a few reads.
      const key = createHash('sha256')
        .update(token ?? `ip:${req.ip}`)
        .digest('base64url');
      refuseIfLimited(reply, await limit.take(key));
      const body = await customerFeed(o, token, req.params.customerId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .send(body);
    },
  );
}
