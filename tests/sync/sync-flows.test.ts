// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRow } from '@db/entity-repository';
import { discardEntry, resolveConflict } from '@sync/issues';
import { actor, STAFF_ALL } from '../helpers/cms';
import { testDatabases } from '../helpers/server';
import {
  device,
  pushes,
  serverRows,
  startWorld,
  type Device,
  type World,
  hoseData,
} from './harness';

describe.each(testDatabases())('sync flows on $name', ({ env }) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(env);
  });
  afterAll(async () => {
    await w.s.close();
  });

  const hose = (position: number, tag: string) => hoseData(w, position, tag);
  const machineOnServer = async () => (await serverRows(w, 'machine', 'id', w.ids.machine))[0];

  it('an edit made while the previous one is in flight never conflicts with it', async () => {
    let d: Device | null = null;
    let edited = false;
    d = device(w, w.staff, undefined, {
      beforeRequest: async (path) => {
        if (path !== '/api/sync/push' || edited || !d) return;
        edited = true;
        await d.mutate.update('machine', w.ids.machine, { comment: 'second' });
      },
    });
    await d.engine.syncOnce();
    await d.mutate.update('machine', w.ids.machine, { comment: 'first' });
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await d.db.conflicts.count()).toBe(0);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await machineOnServer()).toMatchObject({ comment: 'second' });
  });

  it('edits of two devices merge per field; the same field conflicts and is resolved by the user', async () => {
    const a = device(w, w.staff);
    const b = device(w, w.staff);
    await a.engine.syncOnce();
    await b.engine.syncOnce();
    await a.mutate.update('machine', w.ids.machine, { machineType: 'Presse' });
    await b.mutate.update('machine', w.ids.machine, { positionOnLocation: 'Halle B' });
    await a.engine.syncOnce();
    await b.engine.syncOnce();
    expect(await machineOnServer()).toMatchObject({
      machineType: 'Presse',
      positionOnLocation: 'Halle B',
    });

    await a.engine.syncOnce();
    await a.mutate.update('machine', w.ids.machine, { comment: 'von A' });
    await b.mutate.update('machine', w.ids.machine, { comment: 'von B', internalId: 'INV-B' });
    await a.engine.syncOnce();
    expect(await b.engine.syncOnce()).toEqual({ kind: 'ok' });
    const [entry] = await b.db.outbox.toArray();
    expect(entry?.state).toBe('conflict');
    expect(await b.db.conflicts.get(entry!.mutationId)).toMatchObject({
      fields: ['comment'],
      mine: { comment: 'von B' },
      theirs: { comment: 'von A' },
    });
    expect(await getRow(b.db, 'machine', w.ids.machine)).toMatchObject({
      comment: 'von B',
      internalId: 'INV-B',
    });
    expect(b.store.getState()).toMatchObject({ problems: 1, pending: 0 });

    await resolveConflict(b.db, entry!.mutationId, { comment: 'mine' });
    expect(await b.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await b.db.outbox.count()).toBe(0);
    expect(await machineOnServer()).toMatchObject({
      comment: 'von B',
      internalId: 'INV-B',
      machineType: 'Presse',
    });
  });

  it('a rejected create is kept, what depends on it is held, the rest goes on', async () => {
    const taken = await w.api.create('machinepart/hosepipe', {
      ...hose(1, 'DUP'),
      companyId: w.ids.company,
    });
    expect(taken.statusCode).toBe(201);
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    const pipe = await d.mutate.create('pipe', { ...hose(1, 'DUP'), code: 'dup-000001' });
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    const [rejected] = await d.db.outbox.toArray();
    expect(rejected).toMatchObject({
      state: 'rejected',
      error: { status: 409, code: 'code_exists' },
    });

    await d.mutate.update('pipe', pipe.id, { length: 500 });
    const other = await d.mutate.create('pipe', hose(2, 'DUP'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    const sent = pushes(d).flatMap(
      (c) => (c.body as { results: { mutationId: string }[] }).results,
    );
    expect(sent).toHaveLength(2);
    expect(await serverRows(w, 'machinepart/hosepipe', 'id', other.id)).toHaveLength(1);
    expect(
      (await d.db.outbox.orderBy('localSeq').toArray()).map((e) => [e.kind, e.state, e.seq]),
    ).toEqual([
      ['create', 'rejected', 1],
      ['update', 'pending', null],
    ]);
    expect(d.store.getState()).toMatchObject({ problems: 1, pending: 1 });

    await discardEntry(d.db, rejected!.mutationId);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.table('pipe').get(pipe.id)).toBeUndefined();
  });

  it('entries of another user wait until that user signs in again', async () => {
    const other = await actor(w.s, { roles: STAFF_ALL });
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    d.faults.next.push('network-error');
    await d.mutate.create('pipe', hose(1, 'USRA'));
    expect((await d.engine.syncOnce()).kind).toBe('retry');
    d.user.current = other;
    d.token.current = other.token;
    await d.mutate.create('pipe', hose(1, 'USRB'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await serverRows(w, 'machinepart/hosepipe', 'code', 'USRA-000001')).toHaveLength(0);
    expect(await serverRows(w, 'machinepart/hosepipe', 'code', 'USRB-000001')).toHaveLength(1);
    // Answered pushes (the first, cut by the network, has no answer): USRB's only.
    const answered = pushes(d).flatMap(
      (c) => (c.body as { results?: unknown[] } | null)?.results ?? [],
    );
    expect(answered).toHaveLength(1);

    d.user.current = w.staff;
    d.token.current = w.staff.token;
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await serverRows(w, 'machinepart/hosepipe', 'code', 'USRA-000001')).toHaveLength(1);
  });

  it('a refused token pauses sync without refusing any work; a new token resumes it', async () => {
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    await d.mutate.create('pipe', hose(1, 'AUTH'));
    d.token.current = 'expired.token.value';
    expect(await d.engine.syncOnce()).toEqual({ kind: 'auth' });
    expect(await d.db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 0 }]);
    expect(d.store.getState()).toMatchObject({ waitingForAuth: true, problems: 0 });
    d.token.current = w.staff.token;
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await serverRows(w, 'machinepart/hosepipe', 'code', 'AUTH-000001')).toHaveLength(1);
  });

  it('a new device loads its scope page by page, usable after the first; deletes arrive', async () => {
    // At least four pages of five.
    for (let i = 1; i <= 17; i++) {
      await w.api.create('machinepart/hosepipe', { ...hose(i, 'LOAD'), companyId: w.ids.company });
    }
    let d: Device | null = null;
    let firstPage: { rows: number; received: number; done: boolean } | null = null;
    let pulls = 0;
    d = device(w, w.staff, undefined, {
      pullLimit: 5,
      beforeRequest: async (path) => {
        // The next page is requested while one is written, and a page is written while the
        // one before commits: by the fourth request the first page is in.
        if (path !== '/api/sync/pull' || ++pulls !== 4 || !d) return;
        const { received, done } = d.store.getState().pullProgress;
        firstPage = { rows: await d.db.table('pipe').count(), received, done };
      },
    });
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(firstPage).toEqual({
      rows: expect.any(Number),
      received: expect.any(Number),
      done: false,
    });
    expect(firstPage!.rows).toBeGreaterThan(0);
    expect(firstPage!.received).toBeGreaterThanOrEqual(5);
    const all = await serverRows(w, 'machinepart/hosepipe', 'machineId', w.ids.machine);
    expect(
      await d.db
        .table('pipe')
        .filter((p: { deletedAt: string | null }) => p.deletedAt === null)
        .count(),
    ).toBe(all.length);
    expect(d.store.getState().pullProgress.done).toBe(true);

    const gone = all.find((p) => p.code === 'LOAD-000003')!;
    expect((await w.api.remove('machinepart/hosepipe', String(gone.id))).statusCode).toBe(200);
    await d.engine.syncOnce();
    expect(await d.db.table('pipe').get(String(gone.id))).toBeUndefined();
  });
});
