/**
 * What an operator sees (docs/operations.md): Prometheus metrics behind a token, one JSON log
 * line per request with a request id unique across instances, liveness and readiness (the
 * database, the file store), and a database outage and its recovery logged once each.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@server/db/database';
import { watchDatabase } from '@server/modules/health/health.routes';
import { uuidv7 } from '@domain/ids';
import { DEVICE_REPORT_HEADER, type DeviceReport, type Mutation } from '@domain/sync-contract';
import { actor } from '../helpers/cms';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

/** The value of one sample line of a Prometheus text answer (0 when absent). */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('metrics', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ METRICS_TOKEN: 'scrape-me' });
  });
  afterAll(() => s?.close());

  const scrape = () =>
    s.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });

  it('refuses a scrape without the token', async () => {
    expect((await s.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await s.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route template and status, and sync pulls', async () => {
    const before = (await scrape()).body;
    const user = await actor(s, { roles: ['module-dguv'] });
    await s.app.inject({ url: '/api/health' });
    await s.app.inject({ url: '/api/health' });
    await s.app.inject({ url: '/api/cms/machine/not-a-row' });
    await s.app.inject({
      url: '/api/sync/pull',
      headers: { authorization: `Bearer ${user.token}` },
    });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const after = res.body;
    const health = 'http_requests_total{method="GET",route="/api/health",status="200"}';
    expect(sample(after, health) - sample(before, health)).toBe(2);
    expect(sample(after, 'sync_pulls_total') - sample(before, 'sync_pulls_total')).toBe(1);
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health"\}/,
    );
    expect(after).toContain('sync_live_streams_open 0');
    expect(after).toContain('db_pool_connections_total');
    expect(after).toContain('file_store_operations_total');
  });

  it('counts sync pushes, their latency, conflicts, refusals by code and devices with old unsent work', async () => {
    const before = (await scrape()).body;
    const user = await actor(s, { roles: ['module-dguv', 'ui-admininstrator'] });
    const client = uuidv7();
    const company = uuidv7();
    const call = (seq: number, over: Partial<Mutation>): Mutation => ({
      seq,
      mutationId: uuidv7(),
      userId: user.id,
      name: 'cms.update',
      method: 'PATCH',
      path: `/cms/company/update/${company}`,
      recordId: company,
      baseVersion: 1,
      changedFields: null,
      dependsOn: [],
      schemaVersion: 1,
      ...over,
    });
    const report: DeviceReport = {
      pending: 3,
      oldestPendingAgeMs: 25 * 3_600_000,
      refused: 0,
      appVersion: 'test',
      storagePersisted: 'yes',
      storageWiped: false,
    };
    const push = (mutations: Mutation[]) =>
      s.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: {
          authorization: `Bearer ${user.token}`,
          [DEVICE_REPORT_HEADER]: JSON.stringify(report),
        },
        payload: { clientId: client, mutations },
      });
    const answer = await push([
      call(1, {
        name: 'cms.create',
        method: 'POST',
        path: '/cms/company/create',
        body: { data: { id: company, name: 'Messung GmbH' } },
        baseVersion: null,
      }),
      call(2, { body: { data: { name: 'Messung AG' }, baseVersion: 1 } }),
      // Made on version 1 as well: the name changed since, to something else.
      call(3, { body: { data: { name: 'Messung KG' }, baseVersion: 1 } }),
      call(4, { name: 'cms.delete', method: 'DELETE', path: `/cms/company/delete/${uuidv7()}` }),
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
      'conflict',
      'rejected',
    ]);
    // A batch that does not continue the stream: refused as a whole.
    expect((await push([call(9, {})])).statusCode).toBe(409);
    const after = (await scrape()).body;
    const grew = (line: string) => sample(after, line) - sample(before, line);
    expect(grew('sync_pushes_total')).toBe(1);
    expect(grew('sync_push_duration_seconds_count')).toBe(2);
    expect(grew('sync_mutations_total{outcome="applied"}')).toBe(2);
    expect(grew('sync_mutations_total{outcome="conflict"}')).toBe(1);
    expect(grew('sync_refusals_total{refused="mutation",code="not_found"}')).toBe(1);
    expect(grew('sync_refusals_total{refused="push",code="seq_gap"}')).toBe(1);
    expect(sample(after, 'sync_devices_old_unsent')).toBe(1);
    expect(after).toContain('sync_pull_duration_seconds_bucket');
  });

  it('is not served at all without a token or port', async () => {
    const plain = await startTestServer();
    try {
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('request log', () => {
  it('writes one JSON line per request with method, route, status, duration, user and id', async () => {
    const lines: string[] = [];
    const stream = { write: (l: string) => void lines.push(l) };
    const a = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: stream });
    const b = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      const user = await actor(a);
      const res = await a.app.inject({
        url: '/api/auth/session?x=1',
        headers: { authorization: `Bearer ${user.token}` },
      });
      await b.app.inject({ url: '/api/health' });
      const entries = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((e) => e.msg === 'request');
      const session = entries.filter((e) => e.route === '/api/auth/session');
      expect(session).toHaveLength(1);
      expect(session[0]).toMatchObject({
        method: 'GET',
        status: 200,
        userId: user.id,
        reqId: res.headers['x-request-id'],
      });
      expect(typeof session[0]!.durationMs).toBe('number');
      const other = entries.find((e) => e.route === '/api/health')!;
      expect(other.userId).toBeNull();
      // Unique across instances: each process (here: app) has its own prefix.
      const prefix = (id: unknown) => String(id).split('-')[0];
      expect(String(session[0]!.reqId)).toMatch(/^[0-9a-f]{8}-\d+$/);
      expect(prefix(other.reqId)).not.toBe(prefix(session[0]!.reqId));
      // Fastify's own two lines per request are gone.
      expect(lines.some((l) => l.includes('"request completed"'))).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.each(testDatabases())('health on $name', ({ env }) => {
  let s: TestServer;
  beforeAll(async () => {
    // Files on disk, whose directory the test breaks (the other stores: files/blob-store.test.ts).
    s = await startTestServer({ ...env, DEMO_DATA: 'off', FILE_STORE: 'disk' });
  });
  afterAll(() => s?.close());

  it('is live and ready, and not ready once the file store cannot be written', async () => {
    expect((await s.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await s.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { db: true, fileStore: true, listen: true, accepting: true },
    });
    const files = path.join(s.config.dataDir, 'files');
    rmSync(files, { recursive: true, force: true });
    writeFileSync(files, 'not a directory');
    try {
      const broken = await s.app.inject({ url: '/api/health/ready' });
      expect(broken.statusCode).toBe(503);
      expect(broken.json().checks).toMatchObject({ db: true, fileStore: false });
    } finally {
      rmSync(files, { force: true });
    }
  });
});

const postgres = testDatabases().filter((d) => d.name === 'postgres');

describe.each(postgres)('a database outage', ({ env }) => {
  it(
    'makes the instance not ready, and is logged once when it starts and once when it ends',
    {
      timeout: 40_000,
    },
    async () => {
      const s = await startTestServer({ ...env, DEMO_DATA: 'off' });
      const url = s.config.databaseUrl!;
      const name = new URL(url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: env.DATABASE_URL });
      await admin.connect();
      const db = openDb({ databaseUrl: url, dataDir: '' });
      const logged: string[] = [];
      const log = {
        info: (_o: unknown, msg: string) => void logged.push(msg),
        error: (_o: unknown, msg: string) => void logged.push(msg),
      } as unknown as Parameters<typeof watchDatabase>[1];
      const stop = watchDatabase(db, log, 50);
      let allowed = true;
      try {
        expect((await s.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
        allowed = false;
        // The database goes away (every connection ended, no new one accepted)…
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`,
          [name],
        );
        const ready = () => s.app.inject({ url: '/api/health/ready' });
        await expect.poll(async () => (await ready()).statusCode, { timeout: 5_000 }).toBe(503);
        expect((await ready()).json().checks.db).toBe(false);
        await expect.poll(() => logged, { timeout: 5_000 }).toContain('database unreachable');
        await new Promise((r) => setTimeout(r, 300));
        // …and comes back.
        await admin.query(`alter database ${name} with allow_connections true`);
        allowed = true;
        await expect.poll(() => logged, { timeout: 5_000 }).toContain('database reachable again');
        // Ready again once the LISTEN connection is back, too (it retries with a growing delay).
        await expect.poll(async () => (await ready()).statusCode, { timeout: 15_000 }).toBe(200);
        expect(logged).toEqual(['database unreachable', 'database reachable again']);
      } finally {
        stop();
        if (!allowed) await admin.query(`alter database ${name} with allow_connections true`);
        await db.close();
        await admin.end();
        await s.close();
      }
    },
  );
});
