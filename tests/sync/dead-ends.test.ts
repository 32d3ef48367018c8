// @vitest-environment node
/**
 * No state of the push stream is a dead end (docs/sync.md "No dead ends"), against the real
 * server: a device whose stream runs ahead of the server (a seq gap) and one whose stream runs
 * behind it (its seqs were already used: the device's database was put back to an older copy)
 * each re-base the stream and end in sync, every entry applied once, none marked refused.
 * The restored server is tests/sync/restore-epoch.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientState, saveClientState } from '@db/meta-repository';
import { testDatabases } from '../helpers/server';
import {
  device,
  hoseData,
  pushes,
  serverRows,
  startWorld,
  type Device,
  type World,
} from './harness';

/** Syncs until the outbox is empty (a re-base takes one more run); the outcomes seen. */
async function syncToEnd(d: Device): Promise<string[]> {
  const kinds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const outcome = await d.engine.syncOnce();
    kinds.push(outcome.kind);
    if (outcome.kind === 'ok' && (await d.db.outbox.count()) === 0) break;
  }
  return kinds;
}

const codes = async (w: World) =>
  (await serverRows(w, 'machinepart/hosepipe', 'machine.id', w.ids.machine))
    .map((r) => String(r.code))
    .sort();

describe.each(testDatabases())('push stream dead ends on $name', ({ env }) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(env);
  });
  afterAll(async () => {
    await w.s.close();
  });

  it('a stream ahead of the server (seq gap) is re-based and everything is sent once', async () => {
    const d = device(w, w.staff);
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    await d.mutate.create('pipe', hoseData(w, 1, 'GAPA'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    // The device's stream jumps ahead of what the server saw (entries it lost unsent).
    const state = await clientState(d.db, w.staff.id);
    await saveClientState(d.db, w.staff.id, { ...state, lastSeq: state.lastSeq + 7 });
    await d.mutate.create('pipe', hoseData(w, 2, 'GAPA'));
    await d.mutate.create('pipe', hoseData(w, 3, 'GAPA'));

    const kinds = await syncToEnd(d);
    expect(kinds.at(-1)).toBe('ok');
    expect(await d.db.outbox.count()).toBe(0);
    expect((await codes(w)).filter((c) => c.startsWith('GAPA'))).toEqual([
      'GAPA-000001',
      'GAPA-000002',
      'GAPA-000003',
    ]);
    // The second push was answered 409 seq_gap, the one after it applied.
    const statuses = pushes(d).map((c) => c.status);
    expect(statuses).toContain(409);
    expect(statuses.at(-1)).toBe(200);
  });

  it('a stream behind the server (seq reused) is re-based and nothing is refused or lost', async () => {
    const name = `device-behind-${Date.now()}`;
    const d = device(w, w.staff, name);
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    const first = await d.mutate.create('pipe', hoseData(w, 1, 'BEHIND'));
    const state = await clientState(d.db, w.staff.id);
    await d.mutate.create('pipe', hoseData(w, 2, 'BEHIND'));
    await d.mutate.update('pipe', first.id, { comment: 'before the copy went back' });
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    // The device's stream state goes back to an older copy: the seqs it hands out next were
    // used by the server already, for other mutations.
    await saveClientState(d.db, w.staff.id, { ...state, lastSeq: 0, numbered: [] });
    await d.mutate.create('pipe', hoseData(w, 3, 'BEHIND'));
    await d.mutate.update('pipe', first.id, { comment: 'after the copy went back' });
    await d.mutate.create('pipe', hoseData(w, 4, 'BEHIND'));

    const kinds = await syncToEnd(d);
    expect(kinds.at(-1)).toBe('ok');
    expect(await d.db.outbox.count()).toBe(0);
    expect((await codes(w)).filter((c) => c.startsWith('BEHIND'))).toEqual([
      'BEHIND-000001',
      'BEHIND-000002',
      'BEHIND-000003',
      'BEHIND-000004',
    ]);
    const [row] = await serverRows(w, 'machinepart/hosepipe', 'id', first.id);
    expect(row).toMatchObject({ comment: 'after the copy went back' });
    expect(await d.db.conflicts.count()).toBe(0);
  });
});
