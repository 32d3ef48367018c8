// @vitest-environment node
/**
 * Property-based runs of the offline sync engine (issue #4): random writes, faulty syncs and
 * restarts across two devices against the real server in-process (SQLite), then a quiet phase
 * without faults. After quiet:
 * (a) every create is on the server exactly once, or visible on its device as a rejected entry
 *     (or held behind one) and absent from the server — never silently gone;
 * (b) each device's live rows (machine, pipe) equal the server's live rows by id and fields,
 *     leaving out records the device still has outbox entries for;
 * (c) no mutation was applied twice: no mutationId is answered `applied` more than once, and
 *     each server row's version is 1 + the updates/deletes the server answered `applied` for it.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTITY_SCHEMAS } from '../../src/domain/entities';
import { uuidv7 } from '../../src/domain/ids';
import type { OutboxEntry } from '../../src/db/records';
import { MutationError } from '../../src/sync/errors';
import { heldEntries, isOpen } from '../../src/sync/outbox';
import { REGISTRY } from '../../server/src/cms/registry';
import { rowFromDb, type CmsKysely } from '../../server/src/cms/rows';
import { actor, STAFF_ALL, type Actor } from '../helpers/cms';
import type { InjectFetch } from '../helpers/inject-fetch';
import { device, startWorld, type Device, type World } from './harness';

const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 25);
const MAX_ACTIONS = 40;
/**
 * A fixed seed by default, so that `npm test` and CI run the same cases every time (a red CI
 * must mean a change broke something, not that a new random case was drawn); PROPERTY_SEED=
 * random explores new cases, PROPERTY_SEED=<n> replays one run.
 */
const SEED_ENV = process.env.PROPERTY_SEED ?? '20261125';
const SEED = SEED_ENV === 'random' ? undefined : Number(SEED_ENV);

type Entity = 'machine' | 'pipe';
type Fault = 'none' | 'drop-response' | 'fail-503' | 'network-error';
type Dev = 0 | 1;

type Action =
  | { kind: 'createMachine'; dev: Dev; comment: string | null }
  | { kind: 'createPipe'; dev: Dev; pick: number; position: number; clash: boolean }
  | { kind: 'update'; dev: Dev; pick: number; field: number; text: string | null; num: number }
  | { kind: 'delete'; dev: Dev; pick: number }
  | { kind: 'sync'; dev: Dev; fault: Fault; on: 'pull' | 'push' }
  | { kind: 'restart'; dev: Dev; midFlight: boolean }
  | { kind: 'syncBoth' };

const devArb = fc.constantFrom<Dev>(0, 1);
const textArb = fc.constantFrom<string | null>('a', 'b', 'Halle 1', null);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('createMachine' as const),
      dev: devArb,
      comment: textArb,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('createPipe' as const),
      dev: devArb,
      pick: fc.nat(),
      position: fc.integer({ min: 1, max: 20 }),
      clash: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      dev: devArb,
      pick: fc.nat(),
      field: fc.nat(),
      text: textArb,
      num: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), dev: devArb, pick: fc.nat() }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sync' as const),
      dev: devArb,
      fault: fc.constantFrom<Fault>('none', 'drop-response', 'fail-503', 'network-error'),
      on: fc.constantFrom<'pull' | 'push'>('pull', 'push', 'push'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('restart' as const),
      dev: devArb,
      midFlight: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('syncBoth' as const) }) },
);

const MACHINE_FIELDS = ['comment', 'positionOnLocation', 'machineType', 'internalId'] as const;
const PIPE_FIELDS = ['comment', 'length', 'isCritical', 'hoseType', 'position'] as const;

interface Slot {
  dev: Device;
  dbName: string;
  who: Actor;
  fetches: InjectFetch[];
}

interface Created {
  entity: Entity;
  id: string;
  slot: number;
}

interface MutationInfo {
  recordId: string | null;
  kind: OutboxEntry['kind'];
}

type Row = Record<string, unknown> & { id: string; deletedAt: unknown; version: number };

let runs = 0;
/** What the runs exercised (so a green run is known not to be vacuous). */
const seen: Record<string, number> = {};
const count = (key: string) => {
  seen[key] = (seen[key] ?? 0) + 1;
};

/** One run: a fresh server world, two devices, the actions, the quiet phase, the checks. */
async function runOnce(actions: Action[], sameUser: boolean): Promise<void> {
  runs += 1;
  const w: World = await startWorld();
  try {
    const tag = `R${runs}`;
    let codeNo = 0;
    const codes: string[] = [];
    const users = [w.staff, sameUser ? w.staff : await actor(w.s, { roles: STAFF_ALL })];
    const slots: Slot[] = users.map((who) => {
      const dbName = `prop-${uuidv7()}`;
      const dev = device(w, who, dbName);
      return { dev, dbName, who, fetches: [dev.fetch] };
    });
    const created: Created[] = [];
    const mutations = new Map<string, MutationInfo>();
    const remember = async (slot: Slot) => {
      for (const e of await slot.dev.db.outbox.toArray()) {
        mutations.set(e.mutationId, { recordId: e.recordId, kind: e.kind });
      }
    };
    const liveRows = async (slot: Slot, entity?: Entity) => {
      const out: { entity: Entity; row: Row }[] = [];
      for (const e of entity ? [entity] : (['machine', 'pipe'] as const)) {
        const rows = (await slot.dev.db.table(e).toArray()) as Row[];
        for (const row of rows) if (row.deletedAt === null) out.push({ entity: e, row });
      }
      return out.sort((a, b) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
    };
    const sync = async (slot: Slot, fault: Fault = 'none', on: 'pull' | 'push' = 'push') => {
      const { faults } = slot.dev;
      faults.next.length = 0;
      if (fault !== 'none') {
        faults.match = (_m, path) => path === `/api/sync/${on}`;
        faults.next.push(fault);
      }
      const outcome = await slot.dev.engine.syncOnce();
      faults.next.length = 0;
      return outcome;
    };
    const tolerate = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (err) {
        if (!(err instanceof MutationError)) throw err;
      }
    };

    for (const slot of slots) await sync(slot);

    for (const a of actions) {
      if (a.kind === 'syncBoth') {
        for (const slot of slots) await sync(slot);
        continue;
      }
      const slot = slots[a.dev]!;
      const m = slot.dev.mutate;
      switch (a.kind) {
        case 'createMachine': {
          const row = await m.create('machine', {
            companyId: w.ids.company,
            manufacturerId: w.ids.manufacturer,
            internalId: `INV-${tag}-${created.length}`,
            comment: a.comment,
          });
          created.push({ entity: 'machine', id: row.id, slot: a.dev });
          break;
        }
        case 'createPipe': {
          const machines = await liveRows(slot, 'machine');
          if (machines.length === 0) break;
          const machine = machines[a.pick % machines.length]!.row;
          const code =
            a.clash && codes.length > 0
              ? codes[a.pick % codes.length]!
              : `${tag}-${String(++codeNo).padStart(6, '0')}`;
          codes.push(code);
          const row = await m.create('pipe', {
            companyId: w.ids.company,
            machineId: machine.id,
            position: a.position,
            code,
          });
          created.push({ entity: 'pipe', id: row.id, slot: a.dev });
          break;
        }
        case 'update': {
          const rows = await liveRows(slot);
          if (rows.length === 0) break;
          const { entity, row } = rows[a.pick % rows.length]!;
          if (entity === 'machine') {
            const field = MACHINE_FIELDS[a.field % MACHINE_FIELDS.length]!;
            const value = field === 'internalId' ? `INV-${a.text ?? 'x'}-${a.num}` : a.text;
            await tolerate(() => m.update('machine', row.id, { [field]: value }));
          } else {
            const field = PIPE_FIELDS[a.field % PIPE_FIELDS.length]!;
            const value =
              field === 'length'
                ? a.num * 250
                : field === 'position'
                  ? a.num
                  : field === 'isCritical'
                    ? a.num % 2 === 0
                    : a.text;
            await tolerate(() => m.update('pipe', row.id, { [field]: value }));
          }
          break;
        }
        case 'delete': {
          const rows = await liveRows(slot);
          if (rows.length === 0) break;
          const { entity, row } = rows[a.pick % rows.length]!;
          await tolerate(() => m.remove(entity, row.id));
          break;
        }
        case 'sync':
          await sync(slot, a.fault, a.on);
          break;
        case 'restart': {
          if (a.midFlight) {
            // The page closed while a push was under way: sent entries are still inflight.
            await slot.dev.db.outbox
              .filter((e) => e.seq !== null && e.state === 'pending')
              .modify({ state: 'inflight' });
          }
          count('restart');
          slot.dev.db.close();
          slot.dev = device(w, slot.who, slot.dbName);
          slot.fetches.push(slot.dev.fetch);
          break;
        }
      }
      await remember(slot);
    }

    // Quiet: no faults, alternate until nothing sendable is left, then one more round each.
    const settled = async (slot: Slot) => {
      const entries = await slot.dev.db.outbox.toArray();
      const held = heldEntries(entries);
      return entries.every((e) => !isOpen(e) || held.has(e.mutationId));
    };
    let quiet = false;
    for (let round = 0; round < 10 && !quiet; round++) {
      for (const slot of slots) expect(await sync(slot)).toEqual({ kind: 'ok' });
      quiet = (await settled(slots[0]!)) && (await settled(slots[1]!));
    }
    expect(quiet, 'outboxes settle within 10 quiet rounds').toBe(true);
    for (const slot of slots) expect(await sync(slot)).toEqual({ kind: 'ok' });

    // The server's rows, raw (deleted ones too), in domain shape.
    const server = new Map<string, Row & { entity: Entity }>();
    for (const entity of ['machine', 'pipe'] as const) {
      const raw = await (w.s.db.kysely as unknown as CmsKysely)
        .selectFrom(entity)
        .selectAll()
        .execute();
      for (const r of raw) {
        const row = rowFromDb(REGISTRY[entity], r as Record<string, unknown>) as Row;
        expect(server.has(row.id), `duplicate server row ${row.id}`).toBe(false);
        server.set(row.id, { ...row, entity });
      }
    }

    // (c) exactly once per mutationId, and versions match the applied changes.
    const appliedTimes = new Map<string, number>();
    const changesOf = new Map<string, number>();
    const deletedBy = new Set<string>();
    const rejectedIds = new Set<string>();
    for (const slot of slots) {
      for (const f of slot.fetches) {
        for (const call of f.calls) {
          if (call.path !== '/api/sync/push' || call.status !== 200) continue;
          const results = (
            call.body as { results: { mutationId: string; status: string; httpStatus?: number }[] }
          ).results;
          for (const r of results) {
            count(r.status);
            const refused =
              r.status === 'rejected' ||
              ((r.status === 'applied' || r.status === 'duplicate') &&
                (r.httpStatus ?? 200) >= 400);
            if (refused) rejectedIds.add(r.mutationId);
            if (r.status !== 'applied' || (r.httpStatus ?? 200) >= 400) continue;
            appliedTimes.set(r.mutationId, (appliedTimes.get(r.mutationId) ?? 0) + 1);
            const info = mutations.get(r.mutationId);
            expect(info, `applied mutation ${r.mutationId} is known`).toBeDefined();
            if (info?.recordId && info.kind === 'delete') deletedBy.add(info.recordId);
            if (info?.recordId && (info.kind === 'update' || info.kind === 'delete')) {
              changesOf.set(info.recordId, (changesOf.get(info.recordId) ?? 0) + 1);
            }
          }
        }
      }
    }
    for (const [id, times] of appliedTimes) expect(times, `mutation ${id} applied`).toBe(1);
    for (const row of server.values()) {
      // Deleting a machine soft-deletes its live hoses too (one version step each, no entry).
      const machine = row.entity === 'pipe' ? server.get(String(row.machineId)) : undefined;
      const cascaded =
        row.deletedAt !== null && !deletedBy.has(row.id) && machine?.deletedAt != null ? 1 : 0;
      expect(row.version, `version of ${row.entity} ${row.id}`).toBe(
        1 + (changesOf.get(row.id) ?? 0) + cascaded,
      );
    }

    // Every refused mutation stays visible as a rejected entry (nothing discards in these runs).
    const kept = new Map<string, OutboxEntry>();
    for (const slot of slots) {
      for (const e of await slot.dev.db.outbox.toArray()) kept.set(e.mutationId, e);
    }
    for (const id of rejectedIds) {
      expect(kept.get(id)?.state, `refused mutation ${id} is shown as rejected`).toBe('rejected');
    }

    // (a) every create: on the server exactly once, or visibly refused and absent.
    for (const c of created) {
      const slot = slots[c.slot]!;
      const entries = await slot.dev.db.outbox.toArray();
      const entry = entries.find((e) => e.recordId === c.id && e.kind === 'create');
      if (server.has(c.id)) {
        expect(server.get(c.id)!.entity).toBe(c.entity);
        expect(entry, `applied create ${c.id} left the outbox`).toBeUndefined();
      } else {
        expect(entry, `create ${c.entity} ${c.id} neither on the server nor queued`).toBeDefined();
        const held = heldEntries(entries).has(entry!.mutationId);
        expect(
          entry!.state === 'rejected' || held,
          `create ${c.id} not on the server is ${entry!.state}${held ? ' (held)' : ''}`,
        ).toBe(true);
      }
    }

    // (b) each device equals the server's live rows, outside the records it still has entries for.
    for (const slot of slots) {
      const queued = new Set((await slot.dev.db.outbox.toArray()).flatMap((e) => e.recordId ?? []));
      const local = new Map((await liveRows(slot)).map(({ row }) => [row.id, row]));
      const localIds = [...local.keys()].filter((id) => !queued.has(id)).sort();
      const serverLive = [...server.values()].filter(
        (r) => r.deletedAt === null && !queued.has(r.id),
      );
      expect(localIds, `live ids on device ${slots.indexOf(slot)}`).toEqual(
        serverLive.map((r) => r.id).sort(),
      );
      for (const s of serverLive) {
        const fields = Object.keys(ENTITY_SCHEMAS[s.entity].row.shape);
        const pick = (r: Record<string, unknown>) =>
          Object.fromEntries(fields.map((f) => [f, r[f] ?? null]));
        expect(
          pick(local.get(s.id)!),
          `${s.entity} ${s.id} on device ${slots.indexOf(slot)}`,
        ).toEqual(pick(s));
        count('rows compared');
      }
    }
    for (const slot of slots) {
      for (const e of await slot.dev.db.outbox.toArray()) count(`left ${e.state}`);
      for (const f of slot.fetches) for (const c of f.calls) if (c.fault) count(`fault ${c.fault}`);
      slot.dev.db.close();
    }
    count('checked runs');
  } finally {
    await w.s.close();
  }
}

/**
 * Counterexamples found by earlier runs, replayed first on every run. Found 2026-11-22
 * (seed -1933032986): a create whose answer was lost is replayed after the other device
 * deleted its machine (cascading to the hose); the pull removes the hose, then the replay's
 * `duplicate` answer writes the stored (stale, live) row back — the device shows a hose the
 * server has deleted, for good.
 */
const EXAMPLES: [Action[], boolean][] = [
  [
    [
      { kind: 'createPipe', dev: 1, pick: 0, position: 1, clash: true },
      { kind: 'delete', dev: 0, pick: 0 },
      { kind: 'sync', dev: 1, fault: 'drop-response', on: 'push' },
      { kind: 'createMachine', dev: 0, comment: 'a' },
    ],
    false,
  ],
];

/**
 * Found 2026-11-25 with a random seed, fixed for issue #16: an update pushed with its answer
 * lost is replayed after the device has pulled a newer version of the record (another
 * device's edit) — the pull laid the still-queued update over that newer row, the replay's
 * `duplicate` answer is older than the local row, and the device used to keep its own old
 * value for good (server: INV-b-2, device: INV-b-1). Now each queued update remembers the
 * server's values under it (`serverBase`) and they come back when it leaves (rebase.ts
 * `dropStaleOverlay`). Kept as a fixed regression case.
 */
const STALE_DUPLICATE: Action[] = [
  { kind: 'createMachine', dev: 1, comment: 'a' },
  { kind: 'sync', dev: 1, fault: 'none', on: 'pull' },
  { kind: 'createMachine', dev: 0, comment: 'a' },
  { kind: 'sync', dev: 1, fault: 'network-error', on: 'pull' },
  { kind: 'update', dev: 1, pick: 1211159464, field: 1347679529, text: 'b', num: 4 },
  { kind: 'createPipe', dev: 1, pick: 754130825, position: 13, clash: false },
  { kind: 'update', dev: 1, pick: 281810746, field: 162791835, text: 'b', num: 1 },
  { kind: 'sync', dev: 1, fault: 'drop-response', on: 'push' },
  { kind: 'sync', dev: 0, fault: 'none', on: 'pull' },
  { kind: 'update', dev: 0, pick: 673718697, field: 1677820511, text: 'b', num: 2 },
  { kind: 'delete', dev: 0, pick: 343682624 },
  { kind: 'createMachine', dev: 1, comment: 'a' },
  { kind: 'delete', dev: 1, pick: 260052492 },
  { kind: 'update', dev: 1, pick: 989125139, field: 352386853, text: 'a', num: 4 },
  { kind: 'update', dev: 1, pick: 350590469, field: 2103268301, text: null, num: 3 },
  { kind: 'sync', dev: 1, fault: 'network-error', on: 'push' },
  { kind: 'delete', dev: 1, pick: 1846407561 },
  { kind: 'restart', dev: 1, midFlight: false },
  { kind: 'sync', dev: 0, fault: 'drop-response', on: 'push' },
  { kind: 'createMachine', dev: 0, comment: 'b' },
  { kind: 'createPipe', dev: 0, pick: 979775029, position: 6, clash: false },
  { kind: 'createPipe', dev: 0, pick: 1668386008, position: 17, clash: false },
] as Action[];

describe('sync engine properties (two devices, faults, restarts)', () => {
  afterAll(() => {
    console.log(`property runs: ${runs}`, JSON.stringify(seen));
  });

  it('every mutation applies once or shows as rejected; devices equal the server after quiet', async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.array(actionArb, { minLength: 1, maxLength: MAX_ACTIONS, size: 'max' }),
        fc.boolean(),
        runOnce,
      ),
      {
        numRuns: NUM_RUNS,
        examples: process.env.PROPERTY_EXAMPLES === 'off' ? [] : EXAMPLES,
        interruptAfterTimeLimit: 45_000,
        ...(SEED === undefined ? {} : { seed: SEED }),
        endOnFailure: false,
      },
    );
    console.log(
      `property: ${NUM_RUNS} runs × ≤${MAX_ACTIONS} actions in ${Date.now() - started} ms`,
    );
  }, 300_000);

  it('a replayed update answered after a newer pull leaves the newer value, not the old one', async () => {
    await runOnce(STALE_DUPLICATE, false);
  }, 60_000);
});
