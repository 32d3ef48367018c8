// @vitest-environment node
/**
 * Against the real server:
 * - device clocks a day ahead and a day behind change neither the order in which the server
 *   applies work nor its outcome (docs/sync.md: never decide by device clock; the device's time
 *   is kept as data only);
 * - an outbox written by the previous app version (IndexedDB schema version 2, before the
 *   blobs table got its rowId index) replays after the update opened the database as version 3.
 */
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRow } from '@db/entity-repository';
import { declareVersions, openDatabase } from '@db/database';
import { createMutator } from '@sync/mutate';
import { SYNC_SCHEMA_VERSION } from '@domain/sync-contract';
import { testDatabases } from '../helpers/server';
import { device, hoseData, serverRows, startWorld, type World } from './harness';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('clocks and app updates on $name', ({ env }) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(env);
  });
  afterAll(async () => {
    await w.s.close();
  });

  it('device clocks a day ahead and behind: the server applies in push order, keeps its own time', async () => {
    const ahead = device(w, w.staff);
    const behind = device(w, w.staff);
    const aheadMutate = createMutator({
      db: ahead.db,
      getUserId: () => w.staff.id,
      now: () => new Date(Date.now() + DAY),
    });
    const behindMutate = createMutator({
      db: behind.db,
      getUserId: () => w.staff.id,
      now: () => new Date(Date.now() - DAY),
    });
    await ahead.engine.syncOnce();
    const pipe = await aheadMutate.create('pipe', hoseData(w, 1, 'CLOCK'));
    await aheadMutate.update('pipe', pipe.id, { comment: 'from the future' });
    expect(await ahead.engine.syncOnce()).toEqual({ kind: 'ok' });

    // The device behind pulls the row although its clock says it was written tomorrow…
    expect(await behind.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await getRow(behind.db, 'pipe', pipe.id)).toMatchObject({ comment: 'from the future' });
    // …and its later edit wins although its clock says it was made two days earlier.
    await behindMutate.update('pipe', pipe.id, { comment: 'from the past' });
    expect(await behind.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await ahead.engine.syncOnce()).toEqual({ kind: 'ok' });

    const [server] = await serverRows(w, 'machinepart/hosepipe', 'id', pipe.id);
    expect(server).toMatchObject({ comment: 'from the past', version: 2 });
    // Row times are the server's, not either device's.
    const now = Date.now();
    for (const stamp of [server?.createdAt, server?.updatedAt]) {
      expect(Math.abs(Date.parse(String(stamp)) - now)).toBeLessThan(60_000);
    }
    expect(await getRow(ahead.db, 'pipe', pipe.id)).toMatchObject({
      comment: 'from the past',
      version: 2,
    });
  });

  it('an outbox written by the previous schema version replays after the update', async () => {
    // Work queued by the previous version: rows and outbox entries exactly as it stored them.
    const scratch = device(w, w.staff);
    await scratch.engine.syncOnce();
    const created = await scratch.mutate.create('pipe', hoseData(w, 1, 'OLDV'));
    await scratch.mutate.update('machine', w.ids.machine, { comment: 'queued before update' });
    const outbox = await scratch.db.outbox.toArray();
    const meta = await scratch.db.meta.toArray();
    const pipes = await scratch.db.table('pipe').toArray();
    const machines = await scratch.db.table('machine').toArray();
    const companies = await scratch.db.table('company').toArray();
    expect(outbox.map((e) => e.schemaVersion)).toEqual([SYNC_SCHEMA_VERSION, SYNC_SCHEMA_VERSION]);

    const name = `previous-version-${Date.now()}`;
    const old = declareVersions(new Dexie(name), 2);
    await old.open();
    expect(old.verno).toBe(2);
    await old.table('outbox').bulkAdd(outbox);
    await old.table('meta').bulkAdd(meta);
    await old.table('pipe').bulkAdd(pipes);
    await old.table('machine').bulkAdd(machines);
    await old.table('company').bulkAdd(companies);
    old.close();

    // The updated app opens the same database (upgraded to the current version) and syncs.
    const updated = device(w, w.staff, name);
    await updated.db.open();
    expect(updated.db.verno).toBe(declareVersions(new Dexie('versions-only')).verno);
    expect(await updated.db.outbox.count()).toBe(2);
    expect(await updated.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await updated.db.outbox.count()).toBe(0);
    expect(await serverRows(w, 'machinepart/hosepipe', 'id', created.id)).toHaveLength(1);
    const [machine] = await serverRows(w, 'machine', 'id', w.ids.machine);
    expect(machine).toMatchObject({ comment: 'queued before update' });
    expect(await openDatabase(name).outbox.count()).toBe(0);
  });
});
