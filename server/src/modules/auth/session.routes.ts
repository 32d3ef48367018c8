import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionCompetentPerson, SessionInfo } from '@domain/schemas/session';
import { isCustomerUser } from '@domain/rules/permissions';
import type { Database } from '@server/db/schema';
import { requireUser } from '@server/plugins/auth';

/** The user's competent-person profile (docs/dguv-record.md); null without a users row. */
async function competentPersonOf(
  db: Kysely<Database>,
  userId: string,
): Promise<SessionCompetentPerson | null> {
  const row = await db
    .selectFrom('users')
    .select(['qualification', 'training', 'lastRefresher'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    qualification: row.qualification || null,
    training: row.training || null,
    lastRefresher: row.lastRefresher || null,
  };
}

/**
 * `GET /api/auth/session`: the session info of docs/api.md for the bearer of the token, with
 * the user's competent-person profile (the device keeps it for finishing an audit offline).
 */
export function sessionRoutes(app: FastifyInstance, db: Kysely<Database>) {
  app.get('/api/auth/session', async (req, reply): Promise<SessionInfo> => {
    const { expiresAt, ...user } = requireUser(req);
    reply.header('cache-control', 'no-store');
    return {
      user: { ...user, competentPerson: await competentPersonOf(db, user.id) },
      loggedIn: true,
      isCustomer: isCustomerUser(user),
      customerId: user.customer,
      expiresAt: expiresAt.toISOString(),
    };
  });
}
