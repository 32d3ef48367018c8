/**
 * The benchmark page (built by Vite, served by the real server, driven from Chromium by
 * bench/sync-browser.bench.ts): the app's own Dexie database, mutate() and sync engine in a
 * real browser against the real server. Each function returns its measurements.
 */
import { openDatabase, type SchlauchDb } from '../../src/db/database';
import { SyncEngine } from '../../src/sync/engine';
import { createMutator } from '../../src/sync/mutate';
import { applyPage } from '../../src/sync/pull';
import { pullResponseSchema } from '../../src/domain/sync-contract';

interface Session {
  token: string;
  userId: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function engineFor(db: SchlauchDb, s: Session) {
  return new SyncEngine({ db, getToken: () => s.token, getUserId: () => s.userId, locks: null });
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

const api = {
  /** Where the initial load's time goes: download + JSON, validation, IndexedDB writes. */
  async pullBreakdown(s: Session) {
    const db = openDatabase(`bench-breakdown-${Date.now()}`);
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
    await db.delete();
    return { fetchMs, parseMs, applyMs };
  },

  /** Initial load of a new device: everything the user may see, into IndexedDB. */
  async initialPull(s: Session) {
    const db = openDatabase(`bench-pull-${Date.now()}`);
    const started = performance.now();
    await drain(engineFor(db, s), db);
    const ms = performance.now() - started;
    const rows = await db.table('pipe').count();
    await db.delete();
    return { ms, rows };
  },

  /**
   * Queues `n` hose creates offline through mutate() (each timed), then replays them with
   * the engine (batches of ≤ 200) and times that.
   */
  async queueAndReplay(s: Session, machineId: string, n: number, tag: string) {
    const db = openDatabase(`bench-replay-${tag}`);
    const engine = engineFor(db, s);
    await drain(engine, db); // the machine and its customer, so hoses can be created
    const mutate = createMutator({ db, getUserId: () => s.userId });
    const latencies: number[] = [];
    for (let i = 1; i <= n; i++) {
      const t = performance.now();
      await mutate.create('pipe', {
        machineId,
        position: 100_000 + i,
        code: `${tag}-${String(i).padStart(6, '0')}`,
      });
      latencies.push(performance.now() - t);
    }
    latencies.sort((a, b) => a - b);
    const started = performance.now();
    const runs = await drain(engine, db);
    const replayMs = performance.now() - started;
    await db.delete();
    return {
      replayMs,
      runs,
      mutateP50: quantile(latencies, 0.5),
      mutateP95: quantile(latencies, 0.95),
    };
  },

  /** The same work as one SPEC §7 request per hose (what a client without batching does). */
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
};

declare global {
  interface Window {
    syncBench: typeof api;
  }
}
window.syncBench = api;
document.getElementById('state')!.textContent = 'ready';
