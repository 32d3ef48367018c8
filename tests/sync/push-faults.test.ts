// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRow, listPipes } from '@db/entity-repository';
import { openDatabase } from '@db/database';
import { testDatabases } from '../helpers/server';
import { device, pushes, serverRows, startWorld, type World, hoseData } from './harness';

describe.each(testDatabases())('sync against the server on $name', ({ env }) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(env);
  });
  afterAll(async () => {
    await w.s.close();
  });

  const hose = (position: number, tag: string) => hoseData(w, position, tag);

  it('an answer lost after the server committed: sent again, applied once, the original result', async () => {
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    const pipe = await d.mutate.create('pipe', hose(1, 'DROP'));
    d.faults.next.push('drop-response');
    d.faults.match = (_m, path) => path === '/api/sync/push';
    expect(await d.engine.syncOnce()).toMatchObject({ kind: 'retry', error: 'offline' });
    expect(await d.db.outbox.toArray()).toMatchObject([{ seq: 1, state: 'pending', attempts: 1 }]);
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });

    const [first, second] = pushes(d);
    const applied = (first?.body as { results: { status: string; result: unknown }[] }).results[0];
    const replayed = (second?.body as { results: { status: string; result: unknown }[] })
      .results[0];
    expect(applied?.status).toBe('applied');
    expect(replayed).toMatchObject({ status: 'duplicate', result: applied?.result });
    expect(await serverRows(w, 'machinepart/hosepipe', 'code', 'DROP-000001')).toHaveLength(1);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await getRow(d.db, 'pipe', pipe.id)).toMatchObject({
      ...(applied?.result as object),
      version: 1,
    });
  });

  it('the whole outbox replayed 5× with 5xx between: one record each', async () => {
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    for (let i = 1; i <= 3; i++) await d.mutate.create('pipe', hose(i, 'REPL'));
    await d.mutate.update('machine', w.ids.machine, { comment: 'replayed' });
    d.faults.match = (_m, path) => path === '/api/sync/push';
    // Five times the server takes the whole outbox and the answer is lost, a 503 between each.
    d.faults.next.push(
      ...(['drop-response', 'fail-503', 'drop-response', 'fail-503', 'drop-response'] as const),
      ...(['fail-503', 'drop-response', 'fail-503', 'drop-response'] as const),
    );
    for (let i = 0; i < 9; i++) expect((await d.engine.syncOnce()).kind).toBe('retry');
    expect(await d.db.outbox.count()).toBe(4);
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });

    expect(pushes(d).filter((c) => c.status === 200)).toHaveLength(6);
    for (let i = 1; i <= 3; i++) {
      expect(await serverRows(w, 'machinepart/hosepipe', 'code', `REPL-00000${i}`)).toHaveLength(1);
    }
    const [machine] = await serverRows(w, 'machine', 'id', w.ids.machine);
    expect(machine).toMatchObject({ comment: 'replayed', version: 2 });
    const local = (await listPipes(d.db, w.ids.machine)).filter((p) => p.code.startsWith('REPL'));
    expect(local.map((p) => [p.code, p.version])).toEqual([
      ['REPL-000001', 1],
      ['REPL-000002', 1],
      ['REPL-000003', 1],
    ]);
  });

  it('the page closed between the local write and the push: sent on the next start', async () => {
    const name = `reload-${Date.now()}`;
    const before = device(w, w.staff, name);
    await before.engine.syncOnce();
    await before.mutate.create('pipe', hose(1, 'CLOSE'));
    before.db.close();

    const after = device(w, w.staff, name);
    expect(await after.db.outbox.count()).toBe(1);
    expect(await after.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await serverRows(w, 'machinepart/hosepipe', 'code', 'CLOSE-000001')).toHaveLength(1);
    expect(await after.db.outbox.count()).toBe(0);
  });

  it('the page closed while the push was in flight: the next start gets the stored answer', async () => {
    const name = `inflight-${Date.now()}`;
    const before = device(w, w.staff, name);
    await before.engine.syncOnce();
    await before.mutate.create('pipe', hose(1, 'FLIGHT'));
    // The server commits, the answer never arrives and the page is gone before anything else.
    before.faults.match = (_m, path) => path === '/api/sync/push';
    before.faults.next.push('drop-response');
    await before.engine.syncOnce();
    await before.db.outbox.toCollection().modify({ state: 'inflight' });
    before.db.close();

    const after = device(w, w.staff, name);
    expect(await after.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect((pushes(after)[0]?.body as { results: { status: string }[] }).results[0]?.status).toBe(
      'duplicate',
    );
    expect(await serverRows(w, 'machinepart/hosepipe', 'code', 'FLIGHT-000001')).toHaveLength(1);
    expect(await openDatabase(name).outbox.count()).toBe(0);
  });

  it('a create offline, then edits, then online: the server has the final state exactly once', async () => {
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    d.faults.next.push('network-error', 'network-error');
    const pipe = await d.mutate.create('pipe', hose(1, 'OFFL'));
    await d.mutate.update('pipe', pipe.id, { length: 1200 });
    expect((await d.engine.syncOnce()).kind).toBe('retry');
    await d.mutate.update('pipe', pipe.id, { length: 1250, isCritical: true, comment: 'neu' });
    expect(await d.engine.syncOnce()).toMatchObject({ kind: 'retry', error: 'offline' });
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });

    const rows = await serverRows(w, 'machinepart/hosepipe', 'code', 'OFFL-000001');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: pipe.id, length: 1250, isCritical: true, comment: 'neu' });
    expect(await getRow(d.db, 'pipe', pipe.id)).toMatchObject({
      length: 1250,
      isCritical: true,
      version: rows[0]?.version,
    });
  });
});
