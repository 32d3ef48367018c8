/**
 * A read-write transaction of plain IndexedDB requests on the app's database, for the write
 * that runs on every save: every `mutate()` call (sync/mutate.ts). Dexie's
 * promise zones and middleware cost more than IndexedDB itself for a transaction of a few
 * small requests (a bare six-request create measured 1.2–1.5 ms at p95 natively, 1.9–2.6 ms
 * through Dexie, on this machine); the requests here go to IndexedDB as they are.
 *
 * What Dexie would otherwise do, done here:
 * - the transaction is 'strict', like every transaction of the app's database (database.ts);
 * - every write is recorded as the keys and index values it touched (Dexie's observability
 *   sets), and once the transaction has committed they are announced the way Dexie announces
 *   another tab's writes: in this tab its live-query cache drops the affected results and the
 *   live queries that read them run again; other tabs and workers hear it over Dexie's
 *   channel. A screen open on the data sees the write as if Dexie had made it.
 *
 * A request runs in the transaction while it is active: issue requests synchronously or from
 * the continuation of an awaited request of the same transaction (native promises resolve in
 * the request's success event), never after awaiting anything else.
 */
import { Dexie, RangeSet, type DBCoreTable, type ObservabilitySet } from 'dexie';
import type { SchlauchDb } from './database';

/** Dexie's name for another context's writes: its DOM event and BroadcastChannel (dexie 4). */
const STORAGE_MUTATED = 'x-storagemutated-1';

export interface NativeWrite {
  /** The value under `key` in `store` (undefined when there is none). */
  get<T>(store: string, key: IDBValidKey): Promise<T | undefined>;
  /** The values whose `index` equals `key`, in index order. */
  getAllBy<T>(store: string, index: string, key: IDBValidKey): Promise<T[]>;
  /** Adds `value` (fails, aborting the transaction, when its key is taken). */
  add(store: string, value: object): Promise<void>;
  /** Stores `value` over `old`, the value it replaces (undefined when unknown or none). */
  put(store: string, value: object, old?: object): Promise<void>;
}

/**
 * A request's answer. A request nobody awaited any more (the body threw before it looked, and
 * the transaction was aborted under it) must not reject unhandled: the transaction's outcome
 * is what reports the failure.
 */
function requested<T>(request: IDBRequest<T>): Promise<T> {
  return quiet(
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    }),
  );
}

/** `answer`, with its rejection handled for when nobody looks at it. */
function quiet<T>(answer: Promise<T>): Promise<T> {
  answer.catch(() => undefined);
  return answer;
}

/**
 * Runs `body` in one read-write transaction over `stores` and resolves with its result once the
 * transaction has committed. When `body` throws (or a request fails), the transaction is
 * aborted, nothing of it stays, and the error is the one thrown.
 */
export async function nativeWrite<T>(
  db: SchlauchDb,
  stores: readonly string[],
  body: (tx: NativeWrite) => Promise<T>,
): Promise<T> {
  if (!db.isOpen()) await db.open();
  const tx = db.backendDB().transaction([...new Set(stores)], 'readwrite', {
    durability: 'strict',
  });
  const ended = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Dexie.AbortError('transaction aborted'));
  });
  // Looked at below; a failed request's rejection is the one reported.
  quiet(ended);
  const parts = new Map<string, RangeSet>();
  const tables = new Map<string, DBCoreTable>();
  const track = (store: string, value: object, old: object | undefined) => {
    let table = tables.get(store);
    if (!table) tables.set(store, (table = db.core.table(store)));
    const { primaryKey, indexes } = table.schema;
    const part = (name: string) => {
      const key = `idb://${db.name}/${store}/${name}`;
      let set = parts.get(key);
      if (!set) parts.set(key, (set = new RangeSet()));
      return set;
    };
    const key = primaryKey.extractKey?.(value);
    if (key !== undefined) {
      part('').addKey(key);
      // A replaced value whose index values are not known may have left any index range.
      if (!old) part(':dels').addKey(key);
    }
    for (const index of indexes) {
      for (const row of old ? [value, old] : [value]) {
        const indexKey = index.extractKey?.(row);
        if (indexKey === undefined) continue;
        const name = index.name ?? '';
        if (index.multiEntry && Array.isArray(indexKey)) part(name).addKeys(indexKey);
        else part(name).addKey(indexKey);
      }
    }
  };
  const write: NativeWrite = {
    get: (store, key) => requested(tx.objectStore(store).get(key)),
    getAllBy: (store, index, key) => requested(tx.objectStore(store).index(index).getAll(key)),
    add: (store, value) => {
      track(store, value, undefined);
      return quiet(requested(tx.objectStore(store).add(value)).then(() => undefined));
    },
    put: (store, value, old) => {
      track(store, value, old);
      return quiet(requested(tx.objectStore(store).put(value)).then(() => undefined));
    },
  };
  let result: T;
  try {
    result = await body(write);
  } catch (err) {
    try {
      tx.abort();
    } catch {
      // Already aborted by the failed request.
    }
    await ended.catch(() => undefined);
    throw err;
  }
  await ended;
  announceWrites(Object.fromEntries(parts));
  return result;
}

let channel: BroadcastChannel | undefined;

/**
 * Tells Dexie's live queries what a transaction wrote, the way Dexie hears of another tab's
 * writes (which also drops the affected results from its live-query cache):
 * - in a page, at once through the event Dexie listens to for that; other tabs and workers a
 *   moment later through Dexie's storagemutated event, which Dexie passes on over its
 *   BroadcastChannel (in this tab it finds the results just read again in the cache);
 * - elsewhere (no DOM events: a worker, Node), over that BroadcastChannel, which reaches the
 *   Dexie of this context too.
 */
function announceWrites(parts: ObservabilitySet) {
  if (Object.keys(parts).length === 0) return;
  if (typeof dispatchEvent === 'function' && typeof CustomEvent === 'function') {
    dispatchEvent(new CustomEvent(STORAGE_MUTATED, { detail: parts }));
    // After the writer has its answer: nothing in this tab waits for it.
    setTimeout(() => Dexie.on.storagemutated.fire(parts), 0);
  } else if (typeof BroadcastChannel === 'function') {
    channel ??= new BroadcastChannel(STORAGE_MUTATED);
    // Node: the channel must not keep the process alive.
    (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    channel.postMessage(parts);
  }
}
