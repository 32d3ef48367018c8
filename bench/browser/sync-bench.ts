/**
 * The benchmark page (built by Vite, served by the real server, driven from Chromium by
 * bench/sync-browser.bench.ts): the app's own Dexie database, mutate(), sync engine, scheduler
 * and live channel in a real browser against the real server. Each function returns its
 * measurements; the floors (what IndexedDB alone costs for the same work) are measured in the
 * same page beside them.
 */
import { openDatabase, type SchlauchDb } from '@db/database';
import { SYNCED_ENTITIES, type StoredRow } from '@db/entity-tables';
import type { OutboxEntry } from '@db/records';
import { uuidv7 } from '@domain/ids';
import { pullResponseSchema, SYNC_SCHEMA_VERSION } from '@domain/sync-contract';
import type { FetchLike } from '@lib/api/http';
import { SyncEngine } from '@sync/engine';
import { LiveChannel } from '@sync/live';
import { createMutator } from '@sync/mutate';
import { applyPage } from '@sync/pull';
import { SyncScheduler } from '@sync/scheduler';

interface Session {
  token: string;
  userId: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function engineFor(db: SchlauchDb, s: Session, fetch?: FetchLike) {
  return new SyncEngine({
    db,
    getToken: () => s.token,
    getUserId: () => s.userId,
    locks: null,
    ...(fetch ? { fetch } : {}),
  });
}

/** Syncs until the outbox is empty; returns the number of runs. */
async function drain(engine: SyncEngine, db: SchlauchDb): Promise<number> {
  let runs = 0;
  do {
    const outcome = await engine.syncOnce();
    runs += 1;
    if (outcome.kind !== 'ok') throw new Error(`sync: ${JSON.stringify(outcome)}`);
  } while ((await db.outbox.count()) > 0 && runs < 50);
  return runs;
}

/** A new, opened database with the app's schema (so opening is not part of a measurement). */
async function freshDatabase(tag: string): Promise<SchlauchDb> {
  const db = openDatabase(`bench-${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  await db.open();
  return db;
}

/** Every synced table's rows. */
async function allRows(db: SchlauchDb): Promise<Map<string, StoredRow[]>> {
  const out = new Map<string, StoredRow[]>();
  for (const entity of SYNCED_ENTITIES) {
    const rows = (await db.table(entity).toArray()) as StoredRow[];
    if (rows.length > 0) out.set(entity, rows);
  }
  return out;
}

const countOf = (rows: Map<string, StoredRow[]>) =>
  [...rows.values()].reduce((n, list) => n + list.length, 0);

/**
 * The floor of a write through mutate(): one row put and one outbox-like add in one
 * read-write transaction over the two tables (strict durability, as the app opens its
 * database), into a database of the app's schema.
 */
async function floorWrite(db: SchlauchDb, s: Session, row: StoredRow, localSeq: number) {
  const entry = floorEntry(s, row, localSeq);
  await db.transaction('rw', [db.table('pipe'), db.outbox], async () => {
    await db.table('pipe').put(row);
    await db.outbox.add(entry);
  });
}

/** An outbox entry for a hose create, built by hand (the floors do not pay for validation). */
function floorEntry(s: Session, row: StoredRow, localSeq: number): OutboxEntry {
  return {
    localSeq,
    seq: null,
    mutationId: uuidv7(),
    userId: s.userId,
    kind: 'create',
    entity: 'pipe',
    name: 'cms.create',
    method: 'POST',
    path: '/cms/machinepart/hosepipe/create',
    body: { data: row },
    recordId: row.id,
    baseVersion: null,
    changedFields: null,
    dependsOn: [],
    schemaVersion: SYNC_SCHEMA_VERSION,
    performedAt: row.createdAt,
    state: 'pending',
    attempts: 0,
    lastError: null,
    error: null,
    nextAttemptAt: null,
    undo: null,
    createdAt: row.createdAt,
  };
}

/** The live test's state in this page (one role per page: writer or listener). */
const live: {
  db?: SchlauchDb;
  engine?: SyncEngine;
  stop?: () => void;
  pushAnsweredAt: number;
  waiters: Map<string, { resolve: (at: number) => void; promise: Promise<number> }>;
} = { pushAnsweredAt: 0, waiters: new Map() };

/** Resolves the waiters whose row is in this page's database now. */
async function checkWaiters() {
  if (!live.db) return;
  for (const [id, waiter] of live.waiters) {
    if (await live.db.table('pipe').get(id)) {
      live.waiters.delete(id);
      waiter.resolve(Date.now());
    }
  }
}

/** The phone-save measure's state in this page (phoneSavesOpen … phoneSavesClose). */
const saves: { db?: SchlauchDb; engine?: SyncEngine; machineId?: string; ids: string[] } = {
  ids: [],
};

/** p50 and p95 of `samples` (ms), and their count. */
function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), n: sorted.length };
}

const api = {
  /**
   * Where the initial load's time goes: download + JSON, validation, IndexedDB writes
   * (applyPage, one page after the other, into a new database). Keeps that database and
   * returns its name: its rows are the floor's input.
   */
  async pullBreakdown(s: Session) {
    const db = await freshDatabase('breakdown');
    let fetchMs = 0;
    let parseMs = 0;
    let applyMs = 0;
    let cursor: string | null = null;
    for (;;) {
      let t = performance.now();
      const query = `limit=5000${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await fetch(`/api/sync/pull?${query}`, {
        headers: { authorization: `Bearer ${s.token}` },
      });
      const json: unknown = await res.json();
      fetchMs += performance.now() - t;
      t = performance.now();
      const page = pullResponseSchema.parse(json);
      parseMs += performance.now() - t;
      t = performance.now();
      await applyPage(db, page);
      applyMs += performance.now() - t;
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    const rows = countOf(await allRows(db));
    db.close();
    return { fetchMs, parseMs, applyMs, rows, name: db.name };
  },

  /**
   * The floor of the initial load: the rows a load stored (database `source`), written into a
   * new database of the same schema with bare `bulkPut`s — no download, no validation, no
   * sync bookkeeping — either one per table (`chunk` 0) or one per `chunk` rows of a table
   * (each its own transaction, like the pull's pages).
   */
  async bulkPutFloor(source: string, chunk: number) {
    const from = openDatabase(source);
    const rows = await allRows(from);
    from.close();
    const db = await freshDatabase('floor');
    const started = performance.now();
    for (const [entity, list] of rows) {
      const step = chunk || list.length;
      for (let i = 0; i < list.length; i += step) {
        await db.table(entity).bulkPut(list.slice(i, i + step));
      }
    }
    const ms = performance.now() - started;
    const stored = countOf(await allRows(db));
    db.close();
    return { ms, rows: stored, tables: rows.size, name: db.name };
  },

  /** Initial load of a new device through the engine: everything the user may see. */
  async initialLoad(s: Session) {
    const db = await freshDatabase('load');
    // Each pull page's request and answer (ms from the start): the first answer is time the
    // writes cannot overlap; a request is sent once the page before's writes are handed over.
    const pages: { sent: number; answered: number; bytes: number }[] = [];
    const timed: FetchLike = async (input, init) => {
      const sent = performance.now() - started;
      const res = await fetch(input, init);
      if (input.includes('/sync/pull')) {
        const bytes = Number(res.headers.get('content-length') ?? 0);
        pages.push({ sent, answered: performance.now() - started, bytes });
      }
      return res;
    };
    const started = performance.now();
    await drain(engineFor(db, s, timed), db);
    const ms = performance.now() - started;
    const perTable = Object.fromEntries(
      [...(await allRows(db))].map(([entity, list]) => [entity, list.length]),
    );
    db.close();
    return {
      ms,
      pages,
      perTable,
      rows: Object.values(perTable).reduce((a, b) => a + b, 0),
      name: db.name,
    };
  },

  /** Deletes the databases this page made (at the end: no deletion runs beside a figure). */
  async deleteDatabases(names: string[]) {
    for (const name of names) await openDatabase(name).delete();
  },

  /**
   * Queues `n` hose creates offline through mutate(), each timed, taking turns with as many
   * floor writes (floorWrite, through Dexie) into another database, so the machine's noise
   * hits both alike; then replays the queue with the engine (batches of ≤ 200) and times that.
   */
  async queueAndReplay(s: Session, machineId: string, n: number, tag: string) {
    const db = await freshDatabase(`replay-${tag}`);
    const floorDb = await freshDatabase(`mutate-floor-${tag}`);
    const engine = engineFor(db, s);
    await drain(engine, db); // the machine and its customer, so hoses can be created
    const machine = (await db.table('machine').get(machineId)) as StoredRow;
    const companyId = String(machine.companyId);
    await floorDb.table('machine').put(machine);
    const mutate = createMutator({ db, getUserId: () => s.userId });
    const latencies: number[] = [];
    const floor: number[] = [];
    const timeMutate = async (i: number) => {
      const t = performance.now();
      await mutate.create('pipe', {
        machineId,
        position: 100_000 + i,
        code: `${tag}-${String(i).padStart(6, '0')}`,
      });
      latencies.push(performance.now() - t);
    };
    /** Times one floor write (`seq`: its local seq). */
    const timeFloor = async (seq: number) => {
      const now = new Date().toISOString();
      const row = {
        id: uuidv7(),
        companyId,
        machineId,
        position: 100_000 + seq,
        code: `${tag}-F${String(seq).padStart(6, '0')}`,
        isCritical: false,
        withProtection: false,
        withRope: false,
        version: 1,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      } as StoredRow;
      const t = performance.now();
      await floorWrite(floorDb, s, row, seq);
      floor.push(performance.now() - t);
    };
    const steps = [timeMutate, timeFloor];
    for (let i = 1; i <= n; i++) {
      // Rotate which goes first, so none always follows another's commit.
      for (let k = 0; k < steps.length; k++) await steps[(i + k) % steps.length]!(i);
    }
    latencies.sort((a, b) => a - b);
    floor.sort((a, b) => a - b);
    const started = performance.now();
    const runs = await drain(engine, db);
    const replayMs = performance.now() - started;
    await db.delete();
    await floorDb.delete();
    return {
      replayMs,
      runs,
      mutateP50: quantile(latencies, 0.5),
      mutateP95: quantile(latencies, 0.95),
      floorP50: quantile(floor, 0.5),
      floorP95: quantile(floor, 0.95),
    };
  },

  /**
   * A save as a user makes it, for the measure on a phone-class CPU (the throttling is set and
   * lifted by the benchmark around the timed calls): a new database loaded with `machineId`
   * and its customer, untimed.
   */
  async phoneSavesOpen(s: Session, machineId: string, tag: string) {
    const db = await freshDatabase(`phone-${tag}`);
    const engine = engineFor(db, s);
    await drain(engine, db);
    Object.assign(saves, { db, engine, machineId, ids: [] });
  },

  /**
   * `n` hose creates through mutate(), one after the other, each timed; taking turns with as
   * many floor writes (floorWrite: the bare two-table transaction) into another database, timed
   * alike — what IndexedDB through Dexie alone costs on the same CPU at the same moments.
   */
  async phoneCreates(s: Session, n: number, tag: string) {
    const { db, machineId } = saves;
    if (!db || !machineId) throw new Error('phoneSavesOpen first');
    const mutate = createMutator({ db, getUserId: () => s.userId });
    const floorDb = await freshDatabase(`phone-floor-${tag}`);
    const samples: number[] = [];
    const floor: number[] = [];
    try {
      for (let i = 1; i <= n; i++) {
        const t = performance.now();
        const row = await mutate.create('pipe', {
          machineId,
          position: 400_000 + i,
          code: `${tag}-${String(i).padStart(6, '0')}`,
        });
        samples.push(performance.now() - t);
        saves.ids.push(row.id);
        const copy = { ...row, id: uuidv7() } as StoredRow;
        const f = performance.now();
        await floorWrite(floorDb, s, copy, i);
        floor.push(performance.now() - f);
      }
    } finally {
      await floorDb.delete();
    }
    return { ...percentiles(samples), floor: percentiles(floor) };
  },

  /** Sends the queued creates (untimed): the updates after it change synced hoses. */
  async phoneSavesSync() {
    const { db, engine } = saves;
    if (!db || !engine) throw new Error('phoneSavesOpen first');
    await drain(engine, db);
  },

  /** An update of each created hose through mutate() (one changed field, a new entry), timed. */
  async phoneUpdates(s: Session) {
    const { db } = saves;
    if (!db) throw new Error('phoneSavesOpen first');
    const mutate = createMutator({ db, getUserId: () => s.userId });
    const samples: number[] = [];
    for (const id of saves.ids) {
      const t = performance.now();
      await mutate.update('pipe', id, { isCritical: true });
      samples.push(performance.now() - t);
    }
    if ((await db.outbox.count()) !== saves.ids.length) throw new Error('an update was merged');
    return percentiles(samples);
  },

  async phoneSavesClose() {
    await saves.db?.delete();
    Object.assign(saves, { db: undefined, engine: undefined, ids: [] });
  },

  /** The same work as one docs/api.md request per hose (what a client without batching does). */
  async singleRequests(s: Session, companyId: string, machineId: string, n: number, tag: string) {
    const started = performance.now();
    for (let i = 1; i <= n; i++) {
      const res = await fetch('/api/cms/machinepart/hosepipe/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
        body: JSON.stringify({
          data: {
            id: crypto.randomUUID(),
            companyId,
            machineId,
            position: 200_000 + i,
            code: `${tag}-${String(i).padStart(6, '0')}`,
          },
        }),
      });
      if (!res.ok) throw new Error(`create ${i}: ${res.status} ${await res.text()}`);
    }
    return { ms: performance.now() - started };
  },

  /**
   * Live test, the listening device (an office screen open and idle): a new database loaded
   * once, then the app's scheduler and live channel running — nothing else triggers a sync.
   */
  async liveListen(s: Session) {
    const db = await freshDatabase('live-listener');
    const engine = engineFor(db, s);
    await drain(engine, db);
    const scheduler = new SyncScheduler({
      run: async () => {
        const outcome = await engine.syncOnce();
        await checkWaiters();
        return outcome;
      },
      hasPending: async () => (await db.outbox.count()) > 0,
    });
    const channel = new LiveChannel({
      getToken: () => s.token,
      onChange: () => scheduler.notifyRemoteChange(),
    });
    Object.assign(live, { db, engine });
    live.stop = () => {
      channel.stop();
      scheduler.stop();
    };
    scheduler.start();
    channel.start();
  },

  /** Listener: starts waiting for hose `id` (before the writer writes it). */
  liveExpect(id: string) {
    let resolve: (at: number) => void = () => undefined;
    const promise = new Promise<number>((r) => (resolve = r));
    live.waiters.set(id, { resolve, promise });
  },

  /** Listener: when (Date.now()) hose `id` was in this page's IndexedDB; fails after 15 s. */
  async liveSeen(id: string): Promise<number> {
    const waiter = live.waiters.get(id);
    if (!waiter) throw new Error(`not expecting ${id}`);
    return Promise.race([
      waiter.promise,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error(`hose ${id} not seen in 15 s`)), 15_000),
      ),
    ]);
  },

  /** Live test, the writing device (a technician): a new database loaded once. */
  async liveWriterStart(s: Session) {
    const db = await freshDatabase('live-writer');
    // The push answer's arrival, seen by the engine's own HTTP client.
    const fetchTimed: FetchLike = async (input, init) => {
      const res = await fetch(input, init);
      if (input.includes('/sync/push')) live.pushAnsweredAt = Date.now();
      return res;
    };
    const engine = engineFor(db, s, fetchTimed);
    await drain(engine, db);
    Object.assign(live, { db, engine });
  },

  /** Writer: creates hose `id` through mutate() and syncs; returns the push answer's time. */
  async liveWrite(s: Session, machineId: string, id: string, position: number) {
    const { db, engine } = live;
    if (!db || !engine) throw new Error('liveWriterStart first');
    const mutate = createMutator({ db, getUserId: () => s.userId });
    await mutate.create('pipe', {
      id,
      machineId,
      position,
      code: `LIVE-${String(position).padStart(6, '0')}`,
    });
    live.pushAnsweredAt = 0;
    await drain(engine, db);
    if (!live.pushAnsweredAt) throw new Error('no push answer');
    return live.pushAnsweredAt;
  },

  async liveStop() {
    live.stop?.();
    await live.db?.delete();
  },
};

declare global {
  interface Window {
    syncBench: typeof api;
  }
}
/**
 * What a failed call threw, whole: Playwright passes on only a thrown Error's message, so a
 * DOMException, a Dexie error or a thrown non-Error comes back as its message or less.
 */
function described(err: unknown): Error {
  if (!(err instanceof Error)) return new Error(`threw ${typeof err}: ${String(err)}`);
  const inner = (err as { inner?: unknown }).inner;
  const cause = inner instanceof Error ? ` (inner ${inner.name}: ${inner.message})` : '';
  const whole = new Error(`${err.name}: ${err.message}${cause}`);
  whole.stack = `${whole.message}\n${err.stack ?? ''}`;
  return whole;
}

window.syncBench = Object.fromEntries(
  Object.entries(api).map(([name, call]) => [
    name,
    async (...args: unknown[]) => {
      try {
        return await (call as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (err) {
        throw described(err);
      }
    },
  ]),
) as unknown as typeof api;
document.getElementById('state')!.textContent = 'ready';
