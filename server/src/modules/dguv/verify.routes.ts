/**
 * `GET /api/public/verify/{reportNumber}`, without sign-in: whether an approved DGUV report with
 * that number exists, who approved it and when, the machine's internal id, the overall result
 * and the SHA-256 of the genuine PDF — nothing else (docs/dguv-record.md). The page that asks
 * hashes a dropped PDF in the browser and compares. Limited per address, as it needs no account.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '@server/plugins/errors';
import { RATE_LIMITED, TokenBuckets } from '@server/plugins/rate-limit';
import type { ApprovedReports } from './approved-reports';

/** Look-ups per address and minute: plenty for people, slow for guessing numbers. */
export const VERIFY_PER_MINUTE = 30;

export function verifyRoutes(app: FastifyInstance, reports: ApprovedReports): void {
  const buckets = new TokenBuckets(VERIFY_PER_MINUTE, 60_000);
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
      const wait = buckets.take(req.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, 'rate_limited', RATE_LIMITED);
      }
      reply.header('cache-control', 'no-store');
      const found = await reports.verify(req.params.number);
      if (!found) throw new HttpError(404, 'report_unknown', 'verify:unknown');
      return found;
    },
  );
}
