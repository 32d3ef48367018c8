import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import type { Mutation } from '@domain/sync-contract';
import { purgeTombstones } from '@server/sync/pull.service';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';

describe.each(testDatabases())('sync push and pull on $name', ({ env }) => {
  let s: TestServer;
  let staff: Actor;
  const company = uuidv7();
  const manufacturer = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    staff = await actor(s, { roles: STAFF_ALL });
    const api = cms(s, staff);
    await api.create('company', { id: company, name: 'Sync GmbH' });
    await api.create('manufacturer', { id: manufacturer, name: 'Sync-Hersteller' });
  });
  afterAll(() => s.close());

  const push = (who: Actor, clientId: string, mutations: Mutation[]) =>
    s.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { authorization: `Bearer ${who.token}` },
      payload: { clientId, mutations },
    });
  const pull = (who: Actor, cursor = '', limit = 1000) =>
    s.app.inject({
      url: `/api/sync/pull?cursor=${cursor}&limit=${limit}`,
      headers: { authorization: `Bearer ${who.token}` },
    });

  const machineCreate = (who: Actor, seq: number, id = uuidv7()): Mutation => ({
    seq,
    mutationId: uuidv7(),
    userId: who.id,
    name: 'cms.create',
    method: 'POST',
    path: '/cms/machine/create',
    body: {
      data: {
        id,
        companyId: company,
        manufacturerId: manufacturer,
        internalId: `S-${seq}-${id.slice(-4)}`,
      },
    },
    recordId: id,
    baseVersion: null,
    changedFields: null,
    dependsOn: [],
    schemaVersion: 1,
  });
  const machinePatch = (
    who: Actor,
    seq: number,
    id: string,
    data: Record<string, unknown>,
    baseVersion: number,
  ): Mutation => ({
    ...machineCreate(who, seq),
    name: 'cms.update',
    method: 'PATCH',
    path: `/cms/machine/update/${id}`,
    body: { data, baseVersion },
    recordId: id,
    baseVersion,
  });
  const count = async (internalId: string) =>
    (
      await s.db.store
        .selectFrom('machine')
        .select('id')
        .where('internalId', '=', internalId)
        .execute()
    ).length;

  it('applies a batch in seq order, and a replay answers duplicate with the first result, once', async () => {
    const client = uuidv7();
    const batch = [machineCreate(staff, 1), machineCreate(staff, 2)];
    const first = await push(staff, client, batch);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.lastProcessedSeq).toBe(2);
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    // The answer was lost on the way back: the client sends the same batch again (5 times).
    for (let i = 0; i < 5; i++) {
      const again = (await push(staff, client, batch)).json();
      expect(again.results.map((r: { status: string }) => r.status)).toEqual([
        'duplicate',
        'duplicate',
      ]);
      expect(again.results[0].result).toEqual(body.results[0].result);
    }
    expect(
      await count(String((batch[0]!.body as { data: { internalId: string } }).data.internalId)),
    ).toBe(1);
  });

  it('applies one mutation sent twice at the same time once', async () => {
    const client = uuidv7();
    const m = machineCreate(staff, 1);
    const [a, b] = await Promise.all([push(staff, client, [m]), push(staff, client, [m])]);
    const statuses = [a, b].map((r) =>
      r.statusCode === 200 ? r.json().results[0]?.status : r.statusCode,
    );
    expect(statuses).toContain('applied');
    expect(await count(String((m.body as { data: { internalId: string } }).data.internalId))).toBe(
      1,
    );
  });

  it('refuses a seq gap with the expected seq, then continues', async () => {
    const client = uuidv7();
    const gap = await push(staff, client, [machineCreate(staff, 3)]);
    expect(gap.statusCode).toBe(409);
    expect(gap.json()).toMatchObject({ code: 'seq_gap', expectedSeq: 1 });
    const ok = await push(staff, client, [
      machineCreate(staff, 1),
      machineCreate(staff, 2),
      machineCreate(staff, 4),
    ]);
    // 1 and 2 apply; 4 is after a hole inside the batch and waits.
    expect(ok.json().lastProcessedSeq).toBe(2);
    expect(ok.json().results).toHaveLength(2);
  });

  it('stops at a seq another mutation used: nothing behind it applies, nothing is stored', async () => {
    const client = uuidv7();
    const first = await push(staff, client, [machineCreate(staff, 1), machineCreate(staff, 2)]);
    expect(first.json().lastProcessedSeq).toBe(2);
    // A device numbering behind the server: seq 2 again (another mutation), then 3.
    const reused = machineCreate(staff, 2);
    const next = machineCreate(staff, 3);
    const behind = await push(staff, client, [reused, next]);
    expect(behind.statusCode).toBe(200);
    expect(behind.json()).toMatchObject({
      lastProcessedSeq: 2,
      results: [
        { status: 'rejected', mutationId: reused.mutationId, error: { code: 'seq_reused' } },
      ],
    });
    expect(behind.json().results).toHaveLength(1);
    const name = (m: Mutation) => (m.body as { data: { internalId: string } }).data.internalId;
    expect(await count(name(next))).toBe(0);
    // Re-based after seq 2, the same mutations apply in their order.
    const again = await push(staff, client, [
      { ...reused, seq: 3 },
      { ...next, seq: 4 },
    ]);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
    ]);
    expect(await count(name(reused))).toBe(1);
  });

  it('merges edits of different fields and reports a conflict on the same field', async () => {
    const id = uuidv7();
    const a = uuidv7();
    const b = uuidv7();
    await push(staff, a, [machineCreate(staff, 1, id)]);
    const one = await push(staff, a, [machinePatch(staff, 2, id, { comment: 'von A' }, 1)]);
    expect(one.json().results[0].status).toBe('applied');
    const other = await push(staff, b, [
      machinePatch(staff, 1, id, { positionOnLocation: 'Halle B' }, 1),
    ]);
    expect(other.json().results[0].status).toBe('applied');
    const clash = (
      await push(staff, b, [machinePatch(staff, 2, id, { comment: 'von B' }, 1)])
    ).json();
    expect(clash.results[0]).toMatchObject({
      status: 'conflict',
      fields: ['comment'],
      serverRow: { comment: 'von A', positionOnLocation: 'Halle B' },
    });
    // The user chose "mine": a new entry on the current version applies.
    const resolved = (
      await push(staff, b, [machinePatch(staff, 3, id, { comment: 'von B' }, 3)])
    ).json();
    expect(resolved.results[0].status).toBe('applied');
    expect(resolved.results[0].result).toMatchObject({
      comment: 'von B',
      positionOnLocation: 'Halle B',
      version: 4,
    });
  });

  it('stores rejections (kept, never applied) and refuses entries of another user', async () => {
    const client = uuidv7();
    const bad = { ...machineCreate(staff, 1), body: { data: { companyId: company } } };
    const res = (await push(staff, client, [bad])).json();
    expect(res.results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 400, code: 'validation' },
    });
    const foreign = { ...machineCreate(staff, 2), userId: uuidv7() };
    expect((await push(staff, client, [foreign])).json().results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 403 },
    });
  });

  it('defers a command until its file is uploaded', async () => {
    const client = uuidv7();
    const dguv = await actor(s, { roles: ['module-dguv'] });
    const fileId = uuidv7();
    const sig: Mutation = {
      ...machineCreate(dguv, 1),
      name: 'cms.create',
      path: '/cms/audit/signature/create',
      body: {
        data: {
          companyId: company,
          auditor: 'Tom',
          name: 'audit-signature.png',
          mimeType: 'image/png',
          referenceDate: new Date().toISOString(),
          content: fileId,
        },
      },
    };
    const first = (await push(dguv, client, [sig])).json();
    expect(first.results[0]).toMatchObject({ status: 'deferred', waitingFor: [fileId] });
    expect(first.lastProcessedSeq).toBe(0);
    await s.db.store
      .insertInto('file')
      .values({
        id: fileId,
        companyId: company,
        entity: 'signature',
        entityId: null,
        name: 'audit-signature.png',
        mimeType: 'image/png',
        size: 1,
        sha256: 'x',
        storagePath: 'x',
        createdBy: dguv.id,
        createdAt: new Date().toISOString(),
        deletedAt: null,
      })
      .execute();
    expect((await push(dguv, client, [sig])).json().results[0].status).toBe('applied');
  });

  it('answers a call waiting for a file as refused when it would be refused anyway (F1)', async () => {
    const client = uuidv7();
    const id = uuidv7();
    const api = cms(s, staff);
    await api.create('machine', {
      id,
      companyId: company,
      manufacturerId: manufacturer,
      internalId: 'F1-1',
    });
    await api.remove('machine', id);
    // A photo set offline on a machine another user deleted meanwhile: the file can never be
    // uploaded (404), so the call must not wait for it at the head of the stream.
    const photo = machinePatch(staff, 1, id, { photo: uuidv7() }, 1);
    const after = machineCreate(staff, 2);
    const res = (await push(staff, client, [photo, after])).json();
    expect(res.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'applied']);
    expect(res.results[0]).toMatchObject({ error: { status: 404 } });
    expect(res.lastProcessedSeq).toBe(2);
    // The same call on a live row still waits for its file, and nothing of the probe stays.
    const live = uuidv7();
    await api.create('machine', {
      id: live,
      companyId: company,
      manufacturerId: manufacturer,
      internalId: 'F1-2',
    });
    const waiting = machinePatch(staff, 3, live, { photo: uuidv7(), comment: 'probe' }, 1);
    const again = (await push(staff, client, [waiting])).json();
    expect(again.results[0]).toMatchObject({ status: 'deferred' });
    const [row] = await s.db.store
      .selectFrom('machine')
      .selectAll()
      .where('id', '=', live)
      .execute();
    expect(row).toMatchObject({ version: 1, comment: null });
  });

  it('pulls every change in commit order, in pages, with deletes as tombstones', async () => {
    const first = (await pull(staff)).json();
    // The visibility, and the server's sync epoch (a restore changes it: server/src/sync/epoch.ts).
    expect(first.scope).toMatch(/^all@[0-9a-f-]{36}$/);
    expect(first.changes.length).toBeGreaterThan(5);
    const api = cms(s, staff);
    const id = uuidv7();
    await api.create('machine', {
      id,
      companyId: company,
      manufacturerId: manufacturer,
      internalId: 'PULL-1',
    });
    await api.patch('machine', id, { comment: 'geändert' });
    await api.remove('machine', id);
    const next = (await pull(staff, first.nextCursor)).json();
    expect(next.changes).toEqual([{ entity: 'machine', id, version: 3, deleted: true }]);
    // Paging: 2 at a time, never a row twice, never one missing.
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const page = (await pull(staff, cursor, 2)).json();
      seen.push(...page.changes.map((c: { entity: string; id: string }) => `${c.entity}:${c.id}`));
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(first.changes.length + 1);
  });

  it('cuts the feed to the customer of a customer user', async () => {
    const kunde = await actor(s, { customer: company });
    const feed = (await pull(kunde)).json();
    expect(feed.scope).toMatch(new RegExp(`^company:${company}@[0-9a-f-]{36}$`));
    for (const c of feed.changes) {
      if (c.row && 'companyId' in c.row && c.row.companyId !== null)
        expect(c.row.companyId).toBe(company);
    }
    const stranger = await actor(s, { customer: uuidv7() });
    const none = (await pull(stranger)).json();
    expect(none.changes.filter((c: { entity: string }) => c.entity === 'machine')).toEqual([]);
  });

  it('answers 410 to a cursor older than the purged tombstones', async () => {
    const api = cms(s, staff);
    const id = uuidv7();
    await api.create('machine', {
      id,
      companyId: company,
      manufacturerId: manufacturer,
      internalId: 'OLD-1',
    });
    const before = (await pull(staff)).json();
    await api.remove('machine', id);
    const after = (await pull(staff)).json();
    const removed = await purgeTombstones(s.db.store, new Date(Date.now() + 91 * 86_400_000));
    expect(removed).toBeGreaterThan(0);
    // A device that had not seen the delete would miss it: it must start over.
    expect((await pull(staff, before.nextCursor)).statusCode).toBe(410);
    expect((await pull(staff, '1')).statusCode).toBe(410);
    // One that already has it goes on; a new device starts from 0.
    expect((await pull(staff, after.nextCursor)).statusCode).toBe(200);
    expect((await pull(staff, '')).statusCode).toBe(200);
  });
});
