/**
 * Prometheus metrics (docs/operations.md "Metrics"), one registry per app: requests by route
 * template and status, their latency, the database pool, open live streams, sync pushes and
 * pulls with their latency, the mutations' outcomes (conflicts, refusals), refusals by code,
 * the devices holding unsent work older than a day, file store operations.
 *
 * Served at `GET /metrics` on the app's port only with `Authorization: Bearer <METRICS_TOKEN>`,
 * and/or without a token on a listener of its own (`METRICS_PORT`, bound to `METRICS_HOST`,
 * loopback by default). With neither set, `/metrics` is not served.
 */
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../db/database';

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its last byte answered, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly liveStreams = new Gauge({
    name: 'sync_live_streams_open',
    help: 'Open live-update streams (/api/sync/events)',
    registers: [this.registry],
  });
  readonly syncPushes = new Counter({
    name: 'sync_pushes_total',
    help: 'Sync push requests answered',
    registers: [this.registry],
  });
  readonly syncPulls = new Counter({
    name: 'sync_pulls_total',
    help: 'Sync pull pages answered',
    registers: [this.registry],
  });
  readonly syncMutations = new Counter({
    name: 'sync_mutations_total',
    help: 'Pushed mutations by outcome (applied, duplicate, deferred, conflict, rejected)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly syncPushDuration = new Histogram({
    name: 'sync_push_duration_seconds',
    help: 'Time to answer a sync push request (refused ones included)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly syncPullDuration = new Histogram({
    name: 'sync_pull_duration_seconds',
    help: 'Time to answer a sync pull page (refused ones included)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly syncRefusals = new Counter({
    name: 'sync_refusals_total',
    help:
      'Sync refusals by what was refused (a pushed mutation, a whole push or pull request) ' +
      'and the error code',
    labelNames: ['refused', 'code'] as const,
    registers: [this.registry],
  });
  /** Counts the devices with old unsent work when scraped (set by the sync routes). */
  private oldUnsentDevices: (() => Promise<number>) | null = null;
  readonly syncDevicesOldUnsent = new Gauge({
    name: 'sync_devices_old_unsent',
    help: 'Devices whose last report held unsent work older than a day',
    registers: [this.registry],
    collect: async () => {
      if (this.oldUnsentDevices) this.syncDevicesOldUnsent.set(await this.oldUnsentDevices());
    },
  });
  readonly fileStore = new Counter({
    name: 'file_store_operations_total',
    help: 'File store operations by kind (write, read) and result (ok, error)',
    labelNames: ['operation', 'result'] as const,
    registers: [this.registry],
  });

  constructor(pool: () => PoolStats | null) {
    collectDefaultMetrics({ register: this.registry });
    const stat = (key: keyof PoolStats) =>
      new Gauge({
        name: `db_pool_connections_${key}`,
        help: `Database pool connections: ${key} (PostgreSQL; SQLite has one connection)`,
        registers: [this.registry],
        collect() {
          const s = pool();
          this.set(s ? s[key] : key === 'total' ? 1 : 0);
        },
      });
    stat('total');
    stat('idle');
    stat('waiting');
  }

  /** The count behind `sync_devices_old_unsent`, read from the database at each scrape. */
  countOldUnsentDevices(count: () => Promise<number>): void {
    this.oldUnsentDevices = count;
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `GET /metrics` on the app's port, behind the bearer token (none: not served). */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null) {
  if (!token) return;
  app.get('/metrics', async (req, reply) => {
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    reply.header('cache-control', 'no-store');
    if (!sameToken(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ status: 401, code: 'unauthorized', message: 'errors:unauthorized' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** The metrics on a listener of their own (no token: bind it where only the scraper reaches). */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}
