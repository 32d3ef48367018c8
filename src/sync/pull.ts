/**
 * Pull (docs/sync.md): `GET /api/sync/pull?cursor=C&limit=N` until `hasMore` is false.
 *
 * Each page is applied in ONE Dexie transaction together with the new cursor: rows are
 * upserted (unless the local row is newer), deleted changes removed, and the queued local
 * changes of every touched record laid over again (rebase.ts). A page that fails to apply
 * leaves both data and cursor as they were, so it is simply fetched again. A new device
 * (no cursor) fills its tables page by page; each committed page is usable at once. The next
 * page is downloaded and validated while one is written, and during a load (below) a page's
 * writes are handed to IndexedDB while the page before it still commits.
 *
 * 410 (cursor older than the tombstones) or a changed scope (the user's visibility changed,
 * or the server's sync epoch): the synced tables are cleared — except rows the outbox still
 * refers to — and the feed is read again from the start. The outbox loses nothing; on a new
 * epoch the answered entries the device keeps go back into it (resend.ts).
 */
import {
  pullResponseSchema,
  scopeEpoch,
  type Change,
  type PullResponse,
} from '../domain/sync-contract';
import type { SchlauchDb } from '../db/database';
import {
  isSyncedEntity,
  SYNCED_ENTITIES,
  type StoredRow,
  type SyncedEntity,
} from '../db/entity-tables';
import { rowTable } from '../db/entity-repository';
import { pullState, savePullState } from '../db/meta-repository';
import type { OutboxEntry } from '../db/records';
import { appendSyncLog, loggedMutationsOf } from '../db/sync-log';
import { HttpError } from '../lib/api/http-errors';
import { StaleGuess } from './errors';
import { overlayEntries, withServerBase } from './rebase';
import { resendAnswered } from './resend';
import type { Transport } from './transport';

export const PULL_LIMIT = 5000;
/**
 * A load's first page: small, so the first rows are stored (and IndexedDB busy) sooner — the
 * download of a first full page is time nothing else can overlap.
 */
export const FIRST_LOAD_PAGE = 1000;

export interface PullProgress {
  received: number;
  done: boolean;
}

export async function pullAll(
  db: SchlauchDb,
  transport: Transport,
  options: {
    limit?: number;
    /** This device's sync client: the feed leaves out the rows its pushes answered. */
    clientId?: string;
    onProgress?: (p: PullProgress) => void;
  } = {},
): Promise<PullProgress> {
  const progress: PullProgress = { received: 0, done: false };
  const fetchPage = (cursor: string | null, limit = options.limit ?? PULL_LIMIT) => {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor !== null) query.set('cursor', cursor);
    if (options.clientId) query.set('client', options.clientId);
    const pending = transport.get(`/sync/pull?${query}`).then(parsePage);
    // Awaited in turn, or dropped when an earlier page fails to apply: never unhandled.
    pending.catch(() => undefined);
    return pending;
  };
  let restarts = 0;
  feed: for (;;) {
    const state = await pullState(db);
    // The scope the stored rows were cut for (none yet when the feed starts from scratch).
    let scope = state.cursor !== null ? state.scope : null;
    // A load (the feed read from its start) writes a page while the one before it commits.
    const loading = state.cursor === null || state.initialLoad === true;
    let cursor = state.cursor;
    let next = fetchPage(
      cursor,
      loading ? Math.min(options.limit ?? PULL_LIMIT, FIRST_LOAD_PAGE) : undefined,
    );
    /** The last page handed to IndexedDB (during a load, it may still be committing). */
    let storing: Promise<void> = Promise.resolve();
    for (;;) {
      let page: PullResponse;
      try {
        page = await next;
      } catch (err) {
        await storing;
        if (!(err instanceof HttpError && err.status === 410) || restarts++ > 1) throw err;
        await resetSyncedData(db);
        continue feed;
      }
      if (scope !== null && page.scope !== scope) {
        await storing;
        if (restarts++ > 1)
          throw new HttpError(409, 'scope_unstable', 'scope keeps changing', null);
        // A new sync epoch: the server was restored and may have lost what it answered.
        await resetSyncedData(db, { resend: scopeEpoch(page.scope) !== scopeEpoch(scope) });
        continue feed;
      }
      // The next page downloads and is validated while this one is written (the cursor in a
      // page does not depend on the device); if this one fails, the next is never used. It is
      // requested once this page's writes are on their way: parsing it on the main thread
      // any earlier would hold back the writes (IndexedDB idles meanwhile).
      let requested = false;
      const requestNext = () => {
        if (page.hasMore && !requested) next = fetchPage(page.nextCursor);
        requested = true;
      };
      const after = cursor;
      const before = storing;
      storing = (async () => {
        if (!loading) {
          await applyPage(db, page, requestNext);
        } else if (!(await applyLoadPage(db, page, after, requestNext))) {
          // Written on a wrong guess, nothing kept: once the page before is stored, the
          // careful way.
          await before;
          await applyPage(db, page, requestNext);
        }
        // Pages commit in order (their transactions share their tables).
        progress.received += page.changes.length;
        progress.done = !page.hasMore;
        options.onProgress?.({ ...progress });
      })();
      // Awaited in turn below, or dropped behind an earlier page's failure: never unhandled.
      storing.catch(() => undefined);
      // The page before is stored first (its failure is the one reported, and a page is
      // never kept behind a page that was not); outside a load, this one too.
      await before;
      if (!loading) await storing;
      requestNext();
      scope = page.scope;
      cursor = page.nextCursor;
      if (!page.hasMore) {
        await storing;
        return progress;
      }
    }
  }
}

function parsePage(data: unknown): PullResponse {
  const parsed = pullResponseSchema.safeParse(data);
  if (!parsed.success) throw new HttpError(502, 'bad_response', 'unreadable pull page', data);
  return parsed.data;
}

/**
 * Applies one page and stores its cursor and scope, all or nothing: one `bulkDelete` and one
 * `bulkPut` per table.
 *
 * A pulled row is not written over a local one with a higher version (a push answer newer than
 * the page), so the local versions are read first — except while the feed is read from its
 * start (a new device, after a 410 or a scope change): then the tables hold nothing but rows
 * the outbox refers to (kept by the reset, or written since) and earlier pages' rows (which a
 * later page only ever carries in a newer state), and push answers never land between a
 * page's download and its write (the engine pushes before it pulls, one run at a time). So
 * only the rows with queued entries are read back, and the initial load writes at IndexedDB's
 * speed instead of reading every id of every page first.
 */
export async function applyPage(
  db: SchlauchDb,
  page: PullResponse,
  /** Called (outside the transaction, after a macrotask) once the page's writes are sent. */
  whileWriting?: () => void,
): Promise<void> {
  const tables = SYNCED_ENTITIES.map((e) => rowTable(db, e));
  await db.transaction('rw', [...tables, db.outbox, db.meta, db.syncLog], async () => {
    const [state, entries, written] = await Promise.all([
      pullState(db),
      db.outbox.toArray(),
      loggedMutationsOf(
        db,
        page.changes.map((c) => c.id),
      ),
    ]);
    const initial = state.cursor === null || state.initialLoad === true;
    const queued = groupByRecord(entries);
    // Every table's writes go out together (IndexedDB runs them in order; one wait at the end).
    const writes: Promise<unknown>[] = [];
    for (const [entity, { deletes, upserts }] of byEntity(page)) {
      const table = rowTable(db, entity);
      const toCheck = initial ? upserts.filter((c) => queued.has(c.id)) : upserts;
      const localVersions = new Map<string, number>();
      if (toCheck.length > 0) {
        for (const local of await table.bulkGet(toCheck.map((c) => c.id))) {
          if (local) localVersions.set(local.id, local.version);
        }
      }
      const rows: StoredRow[] = [];
      const based: OutboxEntry[] = [];
      for (const change of upserts) {
        // The device has newer.
        if ((localVersions.get(change.id) ?? 0) > change.version) continue;
        const row = rowOf(change);
        const entries = queued.get(change.id) ?? [];
        rows.push(entries.length > 0 ? overlayEntries(row, entries) : row);
        if (entries.length > 0) based.push(...withServerBase(row, entries));
      }
      if (deletes.length > 0) writes.push(table.bulkDelete(deletes));
      if (rows.length > 0) writes.push(table.bulkPut(rows));
      if (based.length > 0) writes.push(db.outbox.bulkPut(based));
    }
    // The flight recorder: what became of records this device wrote (db/sync-log.ts).
    const seen = page.changes.flatMap((c) => {
      const mutationId = written.get(c.id);
      return mutationId
        ? [
            {
              event: 'pulled' as const,
              mutationId,
              entity: c.entity,
              recordId: c.id,
              version: c.version,
            },
          ]
        : [];
    });
    if (seen.length > 0) writes.push(appendSyncLog(db, seen));
    // A timer runs after Dexie has handed the writes to IndexedDB, and outside the transaction.
    if (whileWriting) setTimeout(whileWriting, 0);
    await Promise.all(writes);
    await saveCursor(db, page, initial);
  });
}

/**
 * A page of a load (the feed read from its start), written without waiting for any read: the
 * writes go out at once, behind the reads of the truth in the same transaction (IndexedDB runs
 * a transaction's requests in order, so the reads see the state before the writes). So the
 * page's writes are handed over while the page before it still commits — the transactions
 * share their tables, so this one starts only after that one ended — and the main thread's
 * work on one page overlaps IndexedDB's on the other.
 *
 * What it was written on: the stored cursor is `after` (the one the page was asked for with;
 * it is not, when the page before failed), the load is still running, and no queued entry
 * refers to a row of the page (those must be read back and rebased, see applyPage). When the
 * truth differs, the transaction is aborted — nothing of it stays — and it answers false.
 */
export async function applyLoadPage(
  db: SchlauchDb,
  page: PullResponse,
  after: string | null,
  whileWriting: () => void,
): Promise<boolean> {
  const tables = SYNCED_ENTITIES.map((e) => rowTable(db, e));
  try {
    await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
      const truth = Promise.all([pullState(db), db.outbox.toArray()]);
      const writes: Promise<unknown>[] = [];
      for (const [entity, { deletes, upserts }] of byEntity(page)) {
        const table = rowTable(db, entity);
        if (deletes.length > 0) writes.push(table.bulkDelete(deletes));
        if (upserts.length > 0) writes.push(table.bulkPut(upserts.map(rowOf)));
      }
      const written = Promise.all(writes);
      // Looked at only when the guess holds (aborted writes reject): never unhandled.
      written.catch(() => undefined);
      setTimeout(whileWriting, 0);
      const [state, entries] = await truth;
      const ids = new Set(page.changes.map((c) => c.id));
      const right =
        state.cursor === after &&
        (state.cursor === null || state.initialLoad === true) &&
        !entries.some((e) => e.recordId && ids.has(e.recordId));
      if (!right) throw new StaleGuess();
      await written;
      await saveCursor(db, page, true);
    });
    return true;
  } catch (err) {
    if (err instanceof StaleGuess) return false;
    throw err;
  }
}

/** Stores the page's cursor and scope; a load stays marked as one until its last page. */
const saveCursor = (db: SchlauchDb, page: PullResponse, loading: boolean) =>
  savePullState(db, {
    cursor: page.nextCursor,
    scope: page.scope,
    ...(loading && page.hasMore ? { initialLoad: true as const } : {}),
  });

type Upsert = Change & { row: Record<string, unknown> };

/** The row a change carries, as stored (its id and version from the change). */
function rowOf(change: Upsert): StoredRow {
  const { row } = change;
  return (
    row.id === change.id && row.version === change.version
      ? row
      : { ...row, id: change.id, version: change.version }
  ) as StoredRow;
}

/**
 * The page's deletes (ids) and upserts per synced entity, in feed order. Each row appears once
 * per page (the feed carries a row's latest state), so grouping keeps the outcome of applying
 * in order.
 */
function byEntity(page: PullResponse) {
  const map = new Map<SyncedEntity, { deletes: string[]; upserts: Upsert[] }>();
  for (const change of page.changes) {
    if (!isSyncedEntity(change.entity)) continue;
    let group = map.get(change.entity);
    if (!group) map.set(change.entity, (group = { deletes: [], upserts: [] }));
    if (change.deleted || !change.row) group.deletes.push(change.id);
    else group.upserts.push(change as Upsert);
  }
  return map;
}

/**
 * Empties the synced tables (keeping rows queued entries refer to) and forgets the cursor.
 * With `resend` (a new sync epoch), the kept answered entries go back into the outbox first
 * (resend.ts), and their rows stay too.
 */
export async function resetSyncedData(
  db: SchlauchDb,
  opts: { resend?: boolean } = {},
): Promise<void> {
  const tables = SYNCED_ENTITIES.map((e) => rowTable(db, e));
  const tx = [...tables, db.outbox, db.meta, db.answeredBatches, db.syncLog];
  await db.transaction('rw', tx, async () => {
    if (opts.resend) await resendAnswered(db);
    const keep = new Set((await db.outbox.toArray()).flatMap((e) => e.recordId ?? []));
    for (const table of tables) {
      await table.filter((row) => !keep.has(row.id)).delete();
    }
    await savePullState(db, { cursor: null, scope: null });
  });
}

function groupByRecord(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const map = new Map<string, OutboxEntry[]>();
  for (const e of entries) {
    if (!e.recordId) continue;
    map.set(e.recordId, [...(map.get(e.recordId) ?? []), e]);
  }
  return map;
}
