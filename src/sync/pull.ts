/**
 * Pull (DESIGN §4): `GET /api/sync/pull?cursor=C&limit=N` until `hasMore` is false.
 *
 * Each page is applied in ONE Dexie transaction together with the new cursor: rows are
 * upserted (unless the local row is newer), deleted changes removed, and the queued local
 * changes of every touched record laid over again (rebase.ts). A page that fails to apply
 * leaves both data and cursor as they were, so it is simply fetched again. A new device
 * (no cursor) fills its tables page by page; each committed page is usable at once.
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
  let restarts = 0;
  for (;;) {
    const state = await pullState(db);
    const query = new URLSearchParams({ limit: String(options.limit ?? PULL_LIMIT) });
    if (state.cursor !== null) query.set('cursor', state.cursor);
    if (options.clientId) query.set('client', options.clientId);
    let page: PullResponse;
    try {
      page = parsePage(await transport.get(`/sync/pull?${query}`));
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 410) || restarts++ > 1) throw err;
      await resetSyncedData(db);
      continue;
    }
    if (state.cursor !== null && state.scope !== null && page.scope !== state.scope) {
      if (restarts++ > 1) throw new HttpError(409, 'scope_unstable', 'scope keeps changing', null);
      await resetSyncedData(db);
      continue;
    }
    await applyPage(db, page);
    progress.received += page.changes.length;
    progress.done = !page.hasMore;
    options.onProgress?.({ ...progress });
    if (!page.hasMore) return progress;
  }
}

function parsePage(data: unknown): PullResponse {
  const parsed = pullResponseSchema.safeParse(data);
  if (!parsed.success) throw new HttpError(502, 'bad_response', 'unreadable pull page', data);
  return parsed.data;
}

/** Applies one page and stores its cursor and scope, all or nothing. */
export async function applyPage(db: SchlauchDb, page: PullResponse): Promise<void> {
  const tables = SYNCED_ENTITIES.map((e) => rowTable(db, e));
  await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
    const queued = groupByRecord(await db.outbox.toArray());
    // Bulk reads and writes per table: one request per table instead of two per row (the
    // initial load of 50 000 rows is bound by IndexedDB round trips otherwise).
    for (const [entity, changes] of byEntity(page)) {
      const table = rowTable(db, entity);
      const deletes = changes.filter((c) => c.deleted || !c.row).map((c) => c.id);
      const upserts = changes.filter((c) => !c.deleted && c.row);
      const locals = await table.bulkGet(upserts.map((c) => c.id));
      const rows: StoredRow[] = [];
      const based: OutboxEntry[] = [];
      upserts.forEach((change, i) => {
        const local = locals[i];
        if (local && local.version > change.version) return; // the device has newer
        const row = { ...change.row, id: change.id, version: change.version } as StoredRow;
        const entries = queued.get(change.id) ?? [];
        rows.push(overlayEntries(row, entries));
        if (entries.length > 0) based.push(...withServerBase(row, entries));
      });
      if (deletes.length > 0) await table.bulkDelete(deletes);
      if (rows.length > 0) await table.bulkPut(rows);
      if (based.length > 0) await db.outbox.bulkPut(based);
    }
    await savePullState(db, { cursor: page.nextCursor, scope: page.scope });
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
