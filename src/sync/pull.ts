/**
 * Pull (DESIGN §4): `GET /api/sync/pull?cursor=C&limit=N` until `hasMore` is false.
 *
 * Each page is applied in ONE Dexie transaction together with the new cursor: rows are
 * upserted (unless the local row is newer), deleted changes removed, and the queued local
 * changes of every touched record laid over again (rebase.ts). A page that fails to apply
 * leaves both data and cursor as they were, so it is simply fetched again. A new device
 * (no cursor) fills its tables page by page; each committed page is usable at once. The next
 * page is downloaded and validated while one is written.
 *
 * 410 (cursor older than the tombstones) or a changed scope (the user's visibility changed):
 * the synced tables are cleared — except rows the outbox still refers to — and the feed is
 * read again from the start. The outbox is never touched.
 */
import { pullResponseSchema, type PullResponse } from '../domain/sync-contract';
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
import { HttpError } from '../lib/api/http-errors';
import { overlayEntries, withServerBase } from './rebase';
import type { Transport } from './transport';

export const PULL_LIMIT = 5000;

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
  const fetchPage = (cursor: string | null): Promise<PullResponse> => {
    const query = new URLSearchParams({ limit: String(options.limit ?? PULL_LIMIT) });
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
    let next = fetchPage(state.cursor);
    for (;;) {
      let page: PullResponse;
      try {
        page = await next;
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 410) || restarts++ > 1) throw err;
        await resetSyncedData(db);
        continue feed;
      }
      if (scope !== null && page.scope !== scope) {
        if (restarts++ > 1)
          throw new HttpError(409, 'scope_unstable', 'scope keeps changing', null);
        await resetSyncedData(db);
        continue feed;
      }
      // The next page downloads and is validated while this one is written (the cursor in a
      // page does not depend on the device); if this one fails, the next is never used.
      if (page.hasMore) next = fetchPage(page.nextCursor);
      await applyPage(db, page);
      scope = page.scope;
      progress.received += page.changes.length;
      progress.done = !page.hasMore;
      options.onProgress?.({ ...progress });
      if (!page.hasMore) return progress;
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
export async function applyPage(db: SchlauchDb, page: PullResponse): Promise<void> {
  const tables = SYNCED_ENTITIES.map((e) => rowTable(db, e));
  await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
    const [state, entries] = await Promise.all([pullState(db), db.outbox.toArray()]);
    const initial = state.cursor === null || state.initialLoad === true;
    const queued = groupByRecord(entries);
    // Every table's writes go out together (IndexedDB runs them in order; one wait at the end).
    const writes: Promise<unknown>[] = [];
    for (const [entity, changes] of byEntity(page)) {
      const table = rowTable(db, entity);
      const deletes = changes.filter((c) => c.deleted || !c.row).map((c) => c.id);
      const upserts = changes.filter((c) => !c.deleted && c.row);
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
        const row = { ...change.row, id: change.id, version: change.version } as StoredRow;
        const entries = queued.get(change.id) ?? [];
        rows.push(overlayEntries(row, entries));
        if (entries.length > 0) based.push(...withServerBase(row, entries));
      }
      if (deletes.length > 0) writes.push(table.bulkDelete(deletes));
      if (rows.length > 0) writes.push(table.bulkPut(rows));
      if (based.length > 0) writes.push(db.outbox.bulkPut(based));
    }
    await Promise.all(writes);
    await savePullState(db, {
      cursor: page.nextCursor,
      scope: page.scope,
      ...(initial && page.hasMore ? { initialLoad: true as const } : {}),
    });
  });
}

/**
 * The page's changes per synced entity, in feed order. Each row appears once per page (the
 * feed carries a row's latest state), so grouping keeps the outcome of applying in order.
 */
function byEntity(page: PullResponse): Map<SyncedEntity, PullResponse['changes']> {
  const map = new Map<SyncedEntity, PullResponse['changes']>();
  for (const change of page.changes) {
    if (!isSyncedEntity(change.entity)) continue;
    const list = map.get(change.entity) ?? [];
    list.push(change);
    map.set(change.entity, list);
  }
  return map;
}

/** Empties the synced tables (keeping rows queued entries refer to) and forgets the cursor. */
export async function resetSyncedData(db: SchlauchDb): Promise<void> {
  const tables = SYNCED_ENTITIES.map((e) => rowTable(db, e));
  await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
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
