/** `/api/sync/push` and `/api/sync/pull` (docs/sync.md); thin over the push and pull services. */
import type { FastifyInstance } from 'fastify';
import { clientIdSchema, pushRequestSchema } from '@domain/sync-contract';
import type { CmsService } from '../cms/cms.service';
import type { Db } from '../db/database';
import { requireUser } from '../plugins/auth';
import { parseOr400 } from '../plugins/errors';
import { notifyAnnouncer, pollingAnnouncer } from './announcer';
import { HttpError } from '../plugins/errors';
import {
  countDevicesWithOldUnsent,
  deviceReportOf,
  deviceRoutes,
  recordDeviceReport,
} from './devices';
import { eventRoutes } from './events.routes';
import { syncEpoch } from './epoch';
import { PushService } from './push.service';
import { pull, purgeTombstones } from './pull.service';

export function syncRoutes(
  app: FastifyInstance,
  deps: { db: Db; cms: CmsService; databaseUrl: string | null },
) {
  const db = deps.db.store;
  const push = new PushService(db, deps.cms, deps.db.kind);
  // Read once per process (a restore happens with the server stopped); retried if it failed.
  let known: Promise<string> | null = null;
  const epoch = () => {
    known ??= syncEpoch(deps.db.kysely).catch((err: unknown) => {
      known = null;
      throw err;
    });
    return known;
  };
  const announcer =
    deps.db.kind === 'postgres' && deps.databaseUrl
      ? notifyAnnouncer(deps.databaseUrl)
      : pollingAnnouncer(db);
  eventRoutes(app, announcer);

  const { metrics } = app;
  metrics.countOldUnsentDevices(() => countDevicesWithOldUnsent(deps.db.kysely));
  /** Times a sync request and counts its refusal (an HTTP error: its code) in the metrics. */
  const measured = async <T>(request: 'push' | 'pull', handle: () => Promise<T>): Promise<T> => {
    const stop = (
      request === 'push' ? metrics.syncPushDuration : metrics.syncPullDuration
    ).startTimer();
    try {
      return await handle();
    } catch (err) {
      if (err instanceof HttpError) metrics.syncRefusals.inc({ refused: request, code: err.code });
      throw err;
    } finally {
      stop();
    }
  };

  app.post('/api/sync/push', { bodyLimit: 8 * 1024 * 1024 }, (req, reply) =>
    measured('push', async () => {
      const user = requireUser(req);
      reply.header('cache-control', 'no-store');
      const body = parseOr400(pushRequestSchema, req.body);
      const report = deviceReportOf(req);
      // Kept before the push runs: a refused push (a seq gap) is contact all the same.
      if (report) await recordDeviceReport(deps.db.kysely, user, body.clientId, report);
      const answer = await push.push(user, body);
      metrics.syncPushes.inc();
      for (const r of answer.results) {
        metrics.syncMutations.inc({ outcome: r.status });
        if (r.status === 'rejected') {
          metrics.syncRefusals.inc({ refused: 'mutation', code: r.error.code });
        }
      }
      return answer;
    }),
  );

  app.get<{ Querystring: { cursor?: string; limit?: string; client?: string } }>(
    '/api/sync/pull',
    (req, reply) =>
      measured('pull', async () => {
        const user = requireUser(req);
        reply.header('cache-control', 'no-store');
        const limit = req.query.limit ? Number(req.query.limit) : undefined;
        const client = parseOr400(clientIdSchema.optional(), req.query.client);
        const report = deviceReportOf(req);
        if (report && client) await recordDeviceReport(deps.db.kysely, user, client, report);
        reply.type('application/json; charset=utf-8');
        // Encoded once here: a string would be scanned for its length and encoded again.
        const page = await pull(
          db,
          deps.db.kind,
          user,
          req.query.cursor,
          Number.isFinite(limit) ? limit : undefined,
          client,
          await epoch(),
        );
        metrics.syncPulls.inc();
        return Buffer.from(page);
      }),
  );

  deviceRoutes(app, deps.db.kysely);

  // Daily, and once at start: tombstones older than 90 days go for good.
  void purgeTombstones(db).catch((err: unknown) =>
    app.log.error({ err }, 'tombstone purge failed'),
  );
  const timer = setInterval(() => void purgeTombstones(db).catch(() => undefined), 86_400_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return { announcer };
}
