/**
 * Puts a row from the server (a pulled change or a push answer) into Dexie without losing
 * what the user did since: the server row replaces the local one only when its version is at
 * least the local one, and then every outbox entry of that record that is still in the outbox
 * (any state: unsent, in flight, in conflict — the client keeps its value until the user
 * chooses — or rejected) is laid over it again in the order it was made. Pending creates need
 * nothing: their row is the local one until the server's arrives. A command (the cart's calls)
 * is laid over with the fields it changed on its record (OutboxEntry `overlay`) until it is
 * answered: without it, a pull under way when a cart line was removed brought the line back
 * beside the undo's new one (docs/sync.md "The device's engine").
 *
 * Callers run these inside a rw transaction over the entity table and the outbox.
 */
import type { SchlauchDb } from '../db/database';
import type { StoredRow, SyncedEntity } from '../db/entity-tables';
import { rowTable } from '../db/entity-repository';
import type { OutboxEntry } from '../db/records';
import { recordEntries } from './outbox';

/** The fields and values an update entry sends (its body's `data`). */
export function entryData(entry: OutboxEntry): Record<string, unknown> {
  const body = entry.body;
  if (!body || typeof body !== 'object' || !('data' in body)) return {};
  const data = (body as { data: unknown }).data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

/** `row` with the local changes of `entries` (one record's, any order) laid over it. */
export function overlayEntries(row: StoredRow, entries: readonly OutboxEntry[]): StoredRow {
  const out: StoredRow = { ...row };
  for (const e of [...entries].sort((a, b) => a.localSeq - b.localSeq)) {
    if (e.kind === 'update') {
      const data = entryData(e);
      for (const field of e.changedFields ?? Object.keys(data)) {
        if (field in data) out[field] = data[field];
      }
    } else if (e.kind === 'delete' && out.deletedAt === null) {
      out.deletedAt = e.performedAt ?? new Date().toISOString();
    } else if (e.kind === 'command' && e.overlay && e.state !== 'rejected') {
      // A command the server has not answered (a cart line's remove or quantity): what it
      // showed stays. A refused one does not: the server's row is what the refusal is about.
      Object.assign(out, e.overlay);
    }
  }
  return out;
}

/**
 * The update entries among `entries` whose remembered server base (see OutboxEntry
 * `serverBase`) is not yet `row`: copies with it, for the caller to store beside the row.
 */
export function withServerBase(row: StoredRow, entries: readonly OutboxEntry[]): OutboxEntry[] {
  const changed: OutboxEntry[] = [];
  for (const e of entries) {
    if (e.kind !== 'update' || e.serverBase?.version === row.version) continue;
    const data = entryData(e);
    const fields = (e.changedFields ?? Object.keys(data)).filter((f) => f in data);
    const values = Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));
    changed.push({ ...e, serverBase: { version: row.version, values } });
  }
  return changed;
}

/**
 * Stores a server row, unless the local one is newer, with the record's queued changes laid
 * over it. `entries` may be given when the caller already has them (a pull page).
 * Returns false when the local row was newer and kept.
 */
export async function writeServerRow(
  db: SchlauchDb,
  entity: SyncedEntity,
  serverRow: StoredRow,
  entries?: readonly OutboxEntry[],
): Promise<boolean> {
  const table = rowTable(db, entity);
  const local = await table.get(serverRow.id);
  if (local && local.version > serverRow.version) return false;
  const queued = entries ?? (await recordEntries(db, serverRow.id));
  await table.put(overlayEntries(serverRow, queued));
  const based = withServerBase(serverRow, queued);
  if (based.length > 0) await db.outbox.bulkPut(based);
  return true;
}

/** True when `value` looks like a stored row (a push result may be any endpoint's answer). */
export function isStoredRow(value: unknown): value is StoredRow {
  if (!value || typeof value !== 'object') return false;
  const row = value as Record<string, unknown>;
  return typeof row.id === 'string' && typeof row.version === 'number' && 'deletedAt' in row;
}
