import type { FastifyInstance } from 'fastify';
import { pingDb, type Db } from '@server/db/database';

/** `GET /api/health` → `{"status":"ok","db":"sqlite"|"postgres","version":…}` (docs/operations.md). */
export function healthRoutes(app: FastifyInstance, deps: { db: Db; version: string }) {
  app.get('/api/health', async (_req, reply) => {
    const ok = await pingDb(deps.db);
    reply.header('cache-control', 'no-store');
    if (!ok) {
      return reply.code(503).send({ status: 'error', db: deps.db.kind, version: deps.version });
    }
    return { status: 'ok', db: deps.db.kind, version: deps.version };
  });
}
