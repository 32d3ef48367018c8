/**
 * `GET /api/public/verify/{reportNumber}`, without sign-in: whether an approved DGUV report with
 * that number exists, who approved it and when, the machine's internal id, the overall result
 * and the SHA-256 of the genuine PDF — nothing else (docs/dguv-record.md). The page that asks
 * hashes a dropped PDF in the browser and compares. Limited per address, as it needs no account.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { HttpError } from '@server/plugins/errors';
import { refuseIfLimited } from '@server/plugins/rate-limit';
import { SharedRateLimit } from '@server/plugins/shared-limits';
import type { ApprovedReports } from './approved-reports';

/** Look-ups per address and minute: plenty for people, slow for guessing numbers. */
export const VERIFY_PER_MINUTE = 30;

export function verifyRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; reports: ApprovedReports },
): void {
  const limit = new SharedRateLimit(deps.db, 'verify', VERIFY_PER_MINUTE, 60_000);
  app.get<{ Params: { number: string } }>(
    '/api/public/verify/:number',
    {
      schema: {
        params: {
          type: 'object',
          properties: { number: { type: 'string', maxLength: 40 } },
          required: ['number'],
        },
      },
    },
    async (req, reply) => {
      refuseIfLimited(reply, await limit.take(req.ip));
      reply.header('cache-control', 'no-store');
      const found = await deps.reports.verify(req.params.number);
      if (!found) throw new HttpError(404, 'report_unknown', 'verify:unknown');
      return found;
    },
  );
}
