// @vitest-environment node
/**
 * An outbox written by an earlier app version replays after an update (docs/sync.md "App
 * updates"), against the real server: the stored fixtures `tests/fixtures/outbox-v0.json`
 * (entries from before they carried a schema version) and `outbox-v1.json` (the shape before
 * batches were numbered in the client state: entries on the wire stored as `inflight` with
 * their seq) are put into a device's database as that version left them — two entries sent
 * with their answer lost, two never sent — and the updated engine sends them: everything
 * reaches the server once, in order, and the device ends in sync with nothing lost.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRow } from '@db/entity-repository';
import { clientKey } from '@db/meta-repository';
import type { OutboxEntry } from '@db/records';
import { SYNC_SCHEMA_VERSION } from '@domain/sync-contract';
import { upgradeEntry } from '@sync/entry-upgrade';
import { testDatabases } from '../helpers/server';
import { device, pushes, serverRows, startWorld, type World } from './harness';

interface Fixture {
  schemaVersion: number;
  entries: (Partial<OutboxEntry> & { body: { data: Record<string, unknown> } })[];
  meta: { key: string; value: unknown }[];
}

const FIXTURE_USER = 'fixture-user';

function fixture(version: number): Fixture {
  const file = path.resolve(import.meta.dirname, `../fixtures/outbox-v${version}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Fixture;
}

/** The fixture as the device's user left it (the fixture names its user `fixture-user`). */
function asUser(f: Fixture, userId: string): Fixture {
  return {
    ...f,
    entries: f.entries.map((e) => ({ ...e, userId })),
    meta: f.meta.map((m) =>
      m.key === clientKey(FIXTURE_USER) ? { ...m, key: clientKey(userId) } : m,
    ),
  };
}

describe('the stored fixtures', () => {
  it.each([0, 1])(
    'version %i is what that version stored, and upgrades to the current shape',
    (v) => {
      const f = fixture(v);
      expect(f.schemaVersion).toBe(v);
      for (const e of f.entries) {
        expect(e.schemaVersion).toBe(v === 0 ? undefined : v);
        const upgraded = upgradeEntry(e);
        expect(upgraded).toMatchObject({
          schemaVersion: SYNC_SCHEMA_VERSION,
          dependsOn: expect.any(Array) as unknown,
          baseVersion: e.baseVersion ?? null,
          mutationId: e.mutationId,
          path: e.path,
          body: e.body,
        });
        expect(upgraded.state).not.toBe('inflight');
      }
      expect(f.entries.filter((e) => e.state === 'inflight').map((e) => e.seq)).toEqual([1, 2]);
    },
  );
});

describe.each(testDatabases())('an outbox of an earlier version replays on $name', ({ env }) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(env);
  });
  afterAll(async () => {
    await w.s.close();
  });

  it.each([0, 1])(
    'version %i: sent once each, in order, and the device ends in sync',
    async (v) => {
      const f = asUser(fixture(v), w.staff.id);
      const sent: { seq: number; schemaVersion: number; mutationId: string }[] = [];
      const d = device(w, w.staff, undefined, {
        beforeRequest: async (to, init) => {
          if (to !== '/api/sync/push') return;
          const body = JSON.parse(String(init.body)) as { mutations: typeof sent };
          sent.push(...body.mutations);
        },
      });
      await d.db.open();
      await d.db.outbox.bulkAdd(f.entries as OutboxEntry[]);
      await d.db.meta.bulkPut(f.meta);

      for (let i = 0; i < 3; i++) {
        const outcome = await d.engine.syncOnce();
        expect(outcome.kind, JSON.stringify(outcome)).toBe('ok');
        if ((await d.db.outbox.count()) === 0) break;
      }
      expect(await d.db.outbox.count()).toBe(0);
      // Sent once each in the current shape, in the order they were made, the first two with
      // the seqs they had; every one applied.
      expect(sent.map((m) => m.mutationId)).toEqual(f.entries.map((e) => e.mutationId));
      expect(sent.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
      expect(new Set(sent.map((m) => m.schemaVersion))).toEqual(new Set([SYNC_SCHEMA_VERSION]));
      const answers = pushes(d).flatMap(
        (c) => (c.body as { results: { status: string }[] }).results,
      );
      expect(answers.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);

      // Each call reached the server once, with what the old version queued.
      const tag = `V${v}`;
      const [company, maker, machine, pipe] = f.entries.map((e) => e.body.data);
      expect(await serverRows(w, 'company', 'id', String(company?.id))).toHaveLength(1);
      expect(await serverRows(w, 'manufacturer', 'id', String(maker?.id))).toHaveLength(1);
      const [onServer] = await serverRows(w, 'machine', 'id', String(machine?.id));
      expect(onServer).toMatchObject({
        internalId: `FIX-${tag}`,
        comment: `queued by app version ${tag}`,
      });
      const pipes = await serverRows(w, 'machinepart/hosepipe', 'id', String(pipe?.id));
      expect(pipes.map((p) => p.code)).toEqual([`FIX${tag}-000001`]);
      // The device holds the server's rows.
      expect(await getRow(d.db, 'pipe', String(pipe?.id))).toMatchObject({ version: 1 });
      d.db.close();
    },
  );
});
