/**
 * Health (docs/operations.md "Health"):
 * - `GET /api/health` → `{"status":"ok","db":"sqlite"|"postgres","version":…}` (503 without
 *   the database) — what balancers already ask;
 * - `GET /api/health/live` → 200 while the process serves at all (restart it when not);
 * - `GET /api/health/ready` → 200 when this instance can do its work: the database answers, the
 *   file store is writable and (PostgreSQL) the LISTEN connection of the live channel is up;
 *   503 with the failing checks otherwise, and from the moment a shutdown begins.
 * A database outage and its end are logged once each (`watchDatabase`).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pingDb, type Db } from '@server/db/database';

export interface ReadinessChecks {
  /** Whether files can be stored and read back now (the configured file store). */
  fileStore: () => Promise<boolean>;
  /** Whether changes are heard (PostgreSQL: the LISTEN connection). */
  listening: () => boolean;
  /** True once the instance is shutting down. */
  draining: () => boolean;
}

export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Db; version: string; checks: ReadinessChecks },
) {
  app.get('/api/health', async (_req, reply) => {
    const ok = await pingDb(deps.db);
    reply.header('cache-control', 'no-store');
    if (!ok) {
      return reply.code(503).send({ status: 'error', db: deps.db.kind, version: deps.version });
    }
    return { status: 'ok', db: deps.db.kind, version: deps.version };
  });

  app.get('/api/health/live', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/api/health/ready', async (_req, reply) => {
    const [db, fileStore] = await Promise.all([pingDb(deps.db), deps.checks.fileStore()]);
    const checks = {
      db,
      fileStore,
      listen: deps.checks.listening(),
      accepting: !deps.checks.draining(),
    };
    const ok = Object.values(checks).every(Boolean);
    reply.header('cache-control', 'no-store').code(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'error', checks };
  });
}

/**
 * Asks the database every `everyMs` and logs when it stops answering and when it answers again
 * — one line each, however long the outage lasts. Stopped by the returned function.
 */
export function watchDatabase(db: Db, log: FastifyBaseLogger, everyMs = 5_000): () => void {
  let up = true;
  let since = Date.now();
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const ok = await pingDb(db);
      if (ok !== up) {
        const now = Date.now();
        if (ok) log.info({ db: db.kind, downMs: now - since }, 'database reachable again');
        else log.error({ db: db.kind }, 'database unreachable');
        up = ok;
        since = now;
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
