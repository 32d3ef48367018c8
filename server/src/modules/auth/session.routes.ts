import type { FastifyInstance } from 'fastify';
import type { SessionInfo } from '@domain/schemas/session';
import { isCustomerUser } from '@domain/rules/permissions';
import { requireUser } from '@server/plugins/auth';

/** `GET /api/auth/session`: the session info of docs/api.md for the bearer of the token. */
export function sessionRoutes(app: FastifyInstance) {
  app.get('/api/auth/session', async (req, reply): Promise<SessionInfo> => {
    const { expiresAt, ...user } = requireUser(req);
    reply.header('cache-control', 'no-store');
    return {
      user,
      loggedIn: true,
      isCustomer: isCustomerUser(user),
      customerId: user.customer,
      expiresAt: expiresAt.toISOString(),
    };
  });
}
