/**
 * Live announcements: `GET /api/sync/events` tells a device to pull when a
 * change in its scope commits — on SQLite within one process, on PostgreSQL across two server
 * instances on one database (LISTEN/NOTIFY). Streams of customer users hear only their
 * customer's changes and the rows everybody sees.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { buildApp, type BuiltApp } from '@server/app';
import { loadConfig } from '@server/config';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';

/** An open event stream: the events seen so far, and a wait for the next of a kind. */
async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/sync/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: string[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push(name);
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
  })();
  const count = (name: string) => events.filter((e) => e === name).length;
  return {
    count,
    /** Resolves with the ms it took once `name` has been seen `n` times; rejects after `ms`. */
    async waitFor(name: string, n: number, ms = 3000): Promise<number> {
      const t0 = Date.now();
      while (count(name) < n) {
        if (Date.now() - t0 > ms) throw new Error(`no ${name} #${n} within ${ms} ms: ${events}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return Date.now() - t0;
    },
    close: () => controller.abort(),
  };
}

async function listen(app: BuiltApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe.each(testDatabases())('sync events on $name', ({ name, env }) => {
  let s: TestServer;
  let base: string;
  let staff: Actor;
  const company = uuidv7();
  const other = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    base = await listen(s.app);
    staff = await actor(s, { roles: STAFF_ALL });
    await cms(s, staff).create('company', { id: company, name: 'Live GmbH' });
    await cms(s, staff).create('company', { id: other, name: 'Andere GmbH' });
  });
  afterAll(() => s.close());

  it('says ready at once, then change within a second of a commit in scope', async () => {
    const customer = await actor(s, { customer: company });
    const staffStream = await openStream(base, staff.token);
    const customerStream = await openStream(base, customer.token);
    await staffStream.waitFor('ready', 1);
    await customerStream.waitFor('ready', 1);
    // Announcements of the set-up's writes may still arrive (PostgreSQL delivers them late
    // under load): count from here.
    await new Promise((r) => setTimeout(r, 500));
    const staffBefore = staffStream.count('change');
    const customerBefore = customerStream.count('change');

    // Another customer's change: staff hear it, this customer does not.
    await cms(s, staff).create('company/location', {
      companyId: other,
      street: 'A',
      zip: '10115',
      city: 'B',
    });
    expect(await staffStream.waitFor('change', staffBefore + 1)).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 500));
    expect(customerStream.count('change')).toBe(customerBefore);

    // The customer's own data: both hear it.
    await cms(s, staff).create('company/location', {
      companyId: company,
      street: 'C',
      zip: '20095',
      city: 'D',
    });
    expect(await customerStream.waitFor('change', customerBefore + 1)).toBeLessThan(1000);
    await staffStream.waitFor('change', staffBefore + 2);
    staffStream.close();
    customerStream.close();
  });

  it('refuses a stream without a token', async () => {
    const res = await fetch(`${base}/api/sync/events`);
    expect(res.status).toBe(401);
  });

  it.runIf(name === 'postgres')(
    'a change pushed to one instance is announced by another on the same database',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-second-'));
      const second = await buildApp(
        loadConfig({
          PORT: '8080',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          DIST_DIR: path.join(dataDir, 'no-dist'),
          DEMO_DATA: 'off',
          DATABASE_URL: s.config.databaseUrl!,
        }),
        { logger: false },
      );
      try {
        await second.app.ready();
        const secondBase = await listen(second.app);
        const stream = await openStream(secondBase, staff.token);
        await stream.waitFor('ready', 1);
        const machine = uuidv7();
        const maker = uuidv7();
        await cms(s, staff).create('manufacturer', { id: maker, name: `Live-${maker.slice(-6)}` });
        const heard = stream.count('change');
        const push = await s.app.inject({
          method: 'POST',
          url: '/api/sync/push',
          headers: { authorization: `Bearer ${staff.token}` },
          payload: {
            clientId: uuidv7(),
            mutations: [
              {
                seq: 1,
                mutationId: uuidv7(),
                userId: staff.id,
                name: 'cms.create',
                method: 'POST',
                path: '/cms/machine/create',
                body: {
                  data: {
                    id: machine,
                    companyId: company,
                    manufacturerId: maker,
                    internalId: 'LIVE-1',
                  },
                },
                recordId: machine,
              },
            ],
          },
        });
        expect(push.json().results[0].status).toBe('applied');
        const t0 = Date.now();
        await stream.waitFor('change', heard + 1);
        expect(Date.now() - t0).toBeLessThan(2000);
        stream.close();
      } finally {
        await second.app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
