/**
 * `GET /api/dayplan/technicians` (docs/api.md "Day plan"): whom a planner can plan a day for —
 * the live, unlocked staff accounts with the DGUV role, by name. Planners only: the users
 * list itself stays the administrators'.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { canPlanDays } from '@domain/rules/day-plan';
import { TECHNICIANS_PATH, type Technician } from '@domain/schemas/day-plan';
import type { Database } from '@server/db/schema';
import { requireUser } from '@server/plugins/auth';
import { HttpError } from '@server/plugins/errors';

export function dayPlanRoutes(app: FastifyInstance, opts: { db: Kysely<Database> }) {
  app.get(TECHNICIANS_PATH, async (req, reply) => {
    if (!canPlanDays(requireUser(req))) throw new HttpError(403, 'forbidden', 'not allowed');
    const rows = await opts.db
      .selectFrom('users')
      .select(['id', 'username', 'firstName', 'lastName', 'roles'])
      .where('deletedAt', 'is', null)
      .where('lockedAt', 'is', null)
      .where('customerId', 'is', null)
      .execute();
    const list: Technician[] = rows
      .filter((r) => (JSON.parse(r.roles) as string[]).includes('module-dguv'))
      .map((r) => ({
        id: r.id,
        name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.username,
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    reply.header('cache-control', 'no-store');
    return list;
  });
}
