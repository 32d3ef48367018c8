/**
 * What the Sync issues screen can do with an answered-but-unresolved entry (docs/sync.md:
 * nothing is ever dropped without the user): resolve a conflict field by field, send a
 * rejected entry again, or discard an entry — which undoes its local change and discards the
 * unsent entries held behind it. Each action is one Dexie transaction.
 */
import type { SchlauchDb } from '../db/database';
import type { StoredRow, SyncedEntity } from '../db/entity-tables';
import { rowTable } from '../db/entity-repository';
import { clientKey, dropNumbered, getMeta, type ClientState } from '../db/meta-repository';
import type { OutboxEntry, RowBefore } from '../db/records';
import { deleteBlob, dropServedBytes, retryBlob } from '../db/blob-repository';
import { uuidv7 } from '../domain/ids';
import { cmsCallPath } from '../domain/entity-paths';
import { appendEntry, pick } from './mutate-helpers';
import { heldEntries, recordEntries, withWireSeqs } from './outbox';
import { entryData, writeServerRow } from './rebase';

export type ConflictChoice = Record<string, 'mine' | 'theirs'>;

async function entryById(db: SchlauchDb, mutationId: string): Promise<OutboxEntry> {
  const entry = await db.outbox.where('mutationId').equals(mutationId).first();
  if (!entry) throw new Error(`no outbox entry ${mutationId}`);
  return entry;
}

function tablesFor(db: SchlauchDb, entity: SyncedEntity | null) {
  return [db.outbox, db.conflicts, db.meta, ...(entity ? [rowTable(db, entity)] : [])];
}

/**
 * Resolves a conflict: fields chosen 'theirs' take the server's value; the others ('mine',
 * the default) are sent again as a new update on the server's version.
 */
export async function resolveConflict(
  db: SchlauchDb,
  mutationId: string,
  choice: ConflictChoice,
): Promise<void> {
  const entry = await entryById(db, mutationId);
  const conflict = await db.conflicts.get(mutationId);
  if (!conflict || !entry.entity || !entry.recordId) throw new Error('not a conflict');
  const { entity, recordId } = entry;
  await db.transaction('rw', tablesFor(db, entity), async () => {
    await db.outbox.delete(entry.localSeq);
    await db.conflicts.delete(mutationId);
    const data = entryData(entry);
    const keep = (entry.changedFields ?? Object.keys(data)).filter((f) => choice[f] !== 'theirs');
    const base = conflict.serverRow;
    if (keep.length > 0) {
      const now = new Date().toISOString();
      await appendEntry(db, entry.userId, now, {
        kind: 'update',
        entity,
        name: 'cms.update',
        method: 'PATCH',
        path: cmsCallPath(entity, 'update', recordId),
        body: { data: pick(data, keep), baseVersion: base.version },
        recordId,
        baseVersion: base.version,
        changedFields: keep,
        undo: pick(base, keep),
        dependsOn: (await recordEntries(db, recordId)).map((e) => e.mutationId),
      });
    }
    await rowTable(db, entity).delete(recordId);
    await writeServerRow(db, entity, base);
  });
}

/** Sends a rejected entry again as a new call (after the cause was fixed elsewhere). */
export async function retryEntry(db: SchlauchDb, mutationId: string): Promise<void> {
  const entry = await entryById(db, mutationId);
  if (entry.state !== 'rejected') return;
  await db.transaction('rw', [db.outbox, db.meta], async () => {
    const fresh = uuidv7();
    // A new call: the old one's wire seq is not its.
    await dropNumbered(db, entry.userId, [entry.localSeq]);
    await db.outbox.put({
      ...entry,
      mutationId: fresh,
      seq: null,
      state: 'pending',
      attempts: 0,
      error: null,
      lastError: null,
    });
    // Entries held behind the old call now wait for the new one.
    await db.outbox
      .filter((e) => e.dependsOn.includes(mutationId))
      .modify((e) => {
        e.dependsOn = e.dependsOn.map((id) => (id === mutationId ? fresh : id));
      });
  });
}

/**
 * Discards a rejected or conflicting entry and the unsent later changes of the same record
 * held behind it, undoing their local changes (a discarded create removes its row). Entries
 * of other records that waited for it are released, never discarded with it: if they cannot
 * work without it, the server says so and they show up here on their own.
 */
export async function discardEntry(db: SchlauchDb, mutationId: string): Promise<void> {
  const entry = await entryById(db, mutationId);
  if (entry.state !== 'rejected' && entry.state !== 'conflict') return;
  const [stored, client] = await Promise.all([
    db.outbox.where('userId').equals(entry.userId).sortBy('localSeq'),
    getMeta<ClientState>(db, clientKey(entry.userId)),
  ]);
  const all = withWireSeqs(stored, client?.numbered);
  const held = heldEntries(all);
  const victims = [
    entry,
    ...all.filter(
      (e) => held.has(e.mutationId) && e.recordId === entry.recordId && dependsOn(all, e, entry),
    ),
  ];
  const entities = [
    ...new Set(
      victims.flatMap((v) => [
        ...(v.entity ? [v.entity] : []),
        ...(v.restore ?? []).map((r) => r.entity),
      ]),
    ),
  ];
  // Rows another queued call wrote too stay: that call still shows them until it is answered.
  const gone = new Set(victims.map((v) => v.mutationId));
  const stillShown = new Set(
    all
      .filter((e) => !gone.has(e.mutationId))
      .flatMap((e) => (e.restore ?? []).map((r) => `${r.entity}:${r.id}`)),
  );
  await db.transaction(
    'rw',
    [db.outbox, db.conflicts, ...entities.map((e) => rowTable(db, e))],
    async () => {
      for (const v of [...victims].reverse()) {
        await db.outbox.delete(v.localSeq);
        await db.conflicts.delete(v.mutationId);
        await restoreRows(db, v.restore ?? [], stillShown);
        if (!v.entity || !v.recordId) continue;
        const table = rowTable(db, v.entity);
        if (v.kind === 'create') await table.delete(v.recordId);
        else if (v.undo) await table.update(v.recordId, v.undo);
      }
    },
  );
  // Files kept for the record's writes: with none left queued the device needs them no more.
  await dropServedBytes(
    db,
    victims.flatMap((v) => v.recordId ?? []),
  );
}

/**
 * A discarded command's rows go back to what they were before it (a row it made is removed):
 * the cart line, cart and hose a refused call showed are gone, what the server holds stays.
 */
async function restoreRows(
  db: SchlauchDb,
  rows: readonly RowBefore[],
  stillShown: ReadonlySet<string>,
): Promise<void> {
  for (const r of [...rows].reverse()) {
    if (stillShown.has(`${r.entity}:${r.id}`)) continue;
    const table = rowTable(db, r.entity);
    const now = (await table.get(r.id)) as StoredRow | undefined;
    // A newer version came from the server meanwhile: that is what the server holds.
    if (now && now.version > (r.row?.version ?? 1)) continue;
    if (r.row) await table.put(r.row);
    else await table.delete(r.id);
  }
}

/** True when `e` reaches `root` through dependsOn. */
function dependsOn(all: OutboxEntry[], e: OutboxEntry, root: OutboxEntry): boolean {
  const byId = new Map(all.map((x) => [x.mutationId, x]));
  const seen = new Set<string>();
  const stack = [...e.dependsOn];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === root.mutationId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(byId.get(id)?.dependsOn ?? []));
  }
  return false;
}

/** A failed file goes back into the upload queue (e.g. after the server's limit was raised). */
export async function retryFailedBlob(db: SchlauchDb, blobId: string): Promise<void> {
  await retryBlob(db, blobId);
}

const referencesBlob = (entry: OutboxEntry, blobId: string) =>
  JSON.stringify(entry.body ?? null).includes(`"${blobId}"`);

/**
 * Gives up a file the server refused: the blob is deleted, and the calls still waiting for it
 * become rejections (shown on Sync issues to discard or fix) instead of waiting for ever.
 */
export async function discardFailedBlob(db: SchlauchDb, blobId: string): Promise<void> {
  await db.transaction('rw', [db.blobs, db.outbox], async () => {
    await deleteBlob(db, blobId);
    const waiting = await db.outbox.where('state').anyOf(['pending', 'deferred']).toArray();
    for (const entry of waiting.filter((e) => referencesBlob(e, blobId))) {
      await db.outbox.update(entry.localSeq, {
        state: 'rejected',
        error: { status: 422, code: 'file_discarded', message: 'sync:files.discardedReason' },
        lastError: 'sync:files.discardedReason',
      });
    }
  });
}
