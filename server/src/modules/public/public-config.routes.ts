import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@domain/schemas/public-config';
import type { ServerConfig } from '@server/config';
import type { Db } from '@server/db/database';

/**
 * `GET /api/public/config[?customer=id]`: what the app needs before sign-in — test-environment
 * flag, the identity provider, and a customer's public branding (docs/architecture.md, docs/api.md).
 */
export function publicConfigRoutes(app: FastifyInstance, deps: { config: ServerConfig; db: Db }) {
  app.get<{ Querystring: { customer?: string } }>(
    '/api/public/config',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { customer: { type: 'string', maxLength: 64 } },
          additionalProperties: false,
        },
      },
    },
    async (req, reply): Promise<PublicConfig> => {
      const { config, db } = deps;
      const id = req.query.customer;
      const branding = id
        ? await db.kysely
            .selectFrom('customerBranding')
            .selectAll()
            .where('customerId', '=', id)
            .executeTakeFirst()
        : undefined;
      reply.header('cache-control', 'no-cache');
      return {
        isTestEnv: config.isTestEnv,
        version: config.version,
        customer: branding
          ? {
              customerId: branding.customerId,
              name: branding.name,
              primaryColor: branding.primaryColor,
              faviconUrl: branding.faviconUrl,
            }
          : null,
        auth: { url: config.auth.url, realm: config.auth.realm, clientId: config.auth.clientId },
      };
    },
  );
}
