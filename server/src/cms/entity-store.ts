/**
 * The one writer of entity rows (docs/architecture.md). Every
 * insert, update and tombstone of a registry entity goes through here — the CMS service, the
 * shop and the demo data alike — and nothing else writes entity tables. In the caller's
 * transaction it stamps
 * - the version (1 on insert, +1 on every update and tombstone),
 * - the change seq (change-seq.ts: commit order, one counter),
 * - the field versions (the version at which each field last changed, for merging edits),
 * - and one change-log row per written row (seq, entity, id, scope, origin): the pull feed's
 *   index, read by one range scan (pull.service.ts) and watched by the announcer;
 * - and binds the files uploaded for a new row before its create arrived, once it names them.
 *
 * `origin` is the sync client whose push answer carries the written row; the pull feed leaves
 * such a row out for that client (it has it already). Side effects of a write (a cascade, a
 * rule touching other rows) carry no origin, so every device pulls them.
 */
import { sql } from 'kysely';
import type { EntityName } from '@domain/entities';
import { runCompiled } from '../db/compiled-once';
import type { EntityRow, StoredColumns } from '../db/entity-tables';
import type { ChangeLogTable } from '../db/schema';
import {
  type FieldVersions,
  changedFields,
  nextChangeSeq,
  parseFieldVersions,
  reserveChangeSeqs,
} from '../sync/change-seq';
import { beforeCascade } from './entity-rules';
import { REGISTRY, type EntityDef } from './registry';
import { valuesToDb, type RowOf, type StoreKysely } from './rows';
import { bindUploads, namedFiles } from '../modules/files/files.repository';

export interface WriteOptions {
  /** The sync client whose push answer returns this row (null/absent: everybody pulls it). */
  origin?: string | null;
}

export interface UpdateOptions extends WriteOptions {
  /** The row's field versions, when the caller read them already (conflict check). */
  fieldVersions?: FieldVersions;
}

/** The scope a row is announced and pulled in: its customer, or null (everybody's). */
function scopeOf(def: EntityDef, row: { companyId?: unknown }): string | null {
  return def.scope === 'company' && typeof row.companyId === 'string' ? row.companyId : null;
}

const origins = new WeakMap<StoreKysely, string>();

/**
 * Marks a transaction as a sync push of `clientId`: the rows its calls answer with are written
 * with that origin (set by the push service around each mutation, cleared after).
 */
export function setPushOrigin(tx: StoreKysely, clientId: string | null): void {
  if (clientId) origins.set(tx, clientId);
  else origins.delete(tx);
}

/** The origin of the call running in `tx` (see setPushOrigin). */
export function pushOrigin(tx: StoreKysely): string | null {
  return origins.get(tx) ?? null;
}

/** The change-log row's columns, in the order `logChanges` binds them. */
const LOG_COLUMNS = ['seq', 'entity', 'rowId', 'scope', 'origin'] as const;

/**
 * Writes (or moves forward) the change-log rows, compiled once per number of rows: every single
 * write logs one row, so a push's hundreds of mutations share one statement.
 */
async function logChanges(tx: StoreKysely, entries: readonly ChangeLogTable[]): Promise<void> {
  // 5 values a row: 100 rows stay far below SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    await runCompiled(
      tx,
      `changeLog:${chunk.length}`,
      (...args) =>
        tx
          .insertInto('changeLog')
          .values(
            chunk.map((_, r) => {
              const [seq, entity, rowId, scope, origin] = args.slice(r * 5, r * 5 + 5);
              // `seq` is a number when bound; its placeholder is a string, hence the typed
              // parameter.
              return { seq: sql<number>`${seq}`, entity: entity!, rowId: rowId!, scope, origin };
            }),
          )
          .onConflict((oc) =>
            oc.columns(['entity', 'rowId']).doUpdateSet({
              seq: sql`excluded.seq`,
              scope: sql`excluded.scope`,
              origin: sql`excluded.origin`,
            }),
          ),
      chunk.flatMap((e) => LOG_COLUMNS.map((c) => e[c])),
    );
  }
}

/** Inserts a new row (version 1, given by the caller's `row`) with its change-log row. */
export async function insertEntity<E extends EntityName>(
  tx: StoreKysely,
  def: EntityDef<E>,
  row: EntityRow<E>,
  opts: WriteOptions = {},
): Promise<void> {
  const seq = await nextChangeSeq(tx);
  // Compiled once per table and set of columns: a push creates hundreds of rows of one shape,
  // and building and compiling the statement anew each time cost more than SQLite's insert.
  const values: StoredColumns = {
    ...valuesToDb(def, row),
    changeSeq: seq,
    fieldVersions: '{}',
  };
  const columns = Object.keys(values).filter((k) => values[k] !== undefined);
  await runCompiled(
    tx,
    `insert:${def.table}:${columns.join(',')}`,
    (...args) =>
      tx.insertInto(def.table).values(Object.fromEntries(columns.map((c, i) => [c, args[i]]))),
    columns.map((c) => values[c]),
  );
  await logChanges(tx, [
    {
      seq,
      entity: def.name,
      rowId: String(row.id),
      scope: scopeOf(def, row),
      origin: opts.origin ?? null,
    },
  ]);
  await bindNamedUploads(tx, def, row);
}

/**
 * Files the device uploaded for this row before its create arrived now belong to it once the
 * row names them — in its create, or in a later update (a photo added while the create was on
 * its way: the upload found no row). One never named stays unbound and is purged after a week.
 */
async function bindNamedUploads<E extends EntityName>(
  tx: StoreKysely,
  def: EntityDef<E>,
  row: RowOf<E>,
  before?: RowOf<E>,
) {
  const had = new Set(before ? namedFiles(before) : []);
  const named = namedFiles(row).filter((id) => !had.has(id));
  if (named.length === 0) return;
  const companyId = typeof row.companyId === 'string' ? row.companyId : null;
  await bindUploads(tx, def.name, String(row.id), named, companyId, new Date().toISOString());
}

/** Inserts many new rows of one entity (demo data, seeds) in chunks, numbers reserved at once. */
export async function insertEntities<E extends EntityName>(
  tx: StoreKysely,
  def: EntityDef<E>,
  rows: readonly RowOf<E>[],
) {
  if (rows.length === 0) return;
  const first = await reserveChangeSeqs(tx, rows.length);
  const CHUNK = 200;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await tx
      .insertInto(def.table)
      .values(
        part.map((r, j) => ({
          ...valuesToDb(def, r),
          changeSeq: first + i + j,
          fieldVersions: '{}',
        })),
      )
      .execute();
  }
  await logChanges(
    tx,
    rows.map((r, i) => ({
      seq: first + i,
      entity: def.name,
      rowId: String(r.id),
      scope: scopeOf(def, r),
      origin: null,
    })),
  );
}

/** The next state of `current` with `changes`: version + 1 and a new updatedAt. */
export function nextVersion<R extends { version: number }>(
  current: R,
  changes: object,
  now = new Date().toISOString(),
): R {
  return { ...current, ...changes, version: current.version + 1, updatedAt: now };
}

/** Field → the version it last changed at (for merging concurrent edits). */
export async function fieldVersionsOf(tx: StoreKysely, def: EntityDef, id: string) {
  const [raw] = await runCompiled(
    tx,
    `fieldVersions:${def.table}`,
    (idArg) => tx.selectFrom(def.table).select('fieldVersions').where('id', '=', idArg!),
    [id],
  );
  return parseFieldVersions((raw as { fieldVersions?: unknown } | undefined)?.fieldVersions);
}

/**
 * Writes `next` (made by nextVersion from `current`) over `current`: the changed fields get
 * next's version in the field versions; id, createdAt and the scope never change.
 */
export async function updateEntity<E extends EntityName>(
  tx: StoreKysely,
  def: EntityDef<E>,
  current: EntityRow<E>,
  next: EntityRow<E>,
  opts: UpdateOptions = {},
): Promise<void> {
  const id = String(current.id);
  const versions = { ...(opts.fieldVersions ?? (await fieldVersionsOf(tx, def, id))) };
  for (const f of changedFields(current, next, Object.keys(def.fields))) {
    versions[f] = Number(next.version);
  }
  const { id: _id, createdAt: _c, companyId: _co, ...columns } = valuesToDb(def, next);
  const seq = await nextChangeSeq(tx);
  await tx
    .updateTable(def.table)
    .set({ ...columns, changeSeq: seq, fieldVersions: JSON.stringify(versions) })
    .where('id', '=', id)
    .execute();
  await logChanges(tx, [
    { seq, entity: def.name, rowId: id, scope: scopeOf(def, current), origin: opts.origin ?? null },
  ]);
  await bindNamedUploads(tx, def, { ...next, companyId: current.companyId }, current);
}

/**
 * Soft delete (a tombstone that syncs) of live rows, cascading to the rows that hang below.
 * Each row gets its own change number, so a pull page never splits rows that share one. The
 * first level carries `opts.origin`; the cascade does not (the client only deleted the top).
 */
export async function tombstoneEntities(
  tx: StoreKysely,
  def: EntityDef,
  ids: readonly string[],
  now: string,
  opts: WriteOptions = {},
  cascaded = false,
): Promise<void> {
  if (ids.length === 0) return;
  // A finished or approved audit (with its answers and signature) outlives any delete above
  // it; the row the client named passed its own rule (beforeDelete).
  if (cascaded) await beforeCascade(tx, def, [...ids]);
  const live = await tx
    .selectFrom(def.table)
    .select(['id', 'companyId'])
    .where('id', 'in', [...ids])
    .where('deletedAt', 'is', null)
    .execute();
  const log: ChangeLogTable[] = [];
  for (const r of live) {
    const seq = await nextChangeSeq(tx);
    await tx
      .updateTable(def.table)
      .set((eb) => ({
        deletedAt: now,
        updatedAt: now,
        version: eb(eb.ref('version'), '+', 1),
        changeSeq: seq,
      }))
      .where('id', '=', String(r.id))
      .execute();
    log.push({
      seq,
      entity: def.name,
      rowId: String(r.id),
      scope: scopeOf(def, r),
      origin: opts.origin ?? null,
    });
  }
  await logChanges(tx, log);
  const liveIds = live.map((r) => String(r.id));
  if (liveIds.length === 0) return;
  for (const rel of Object.values(def.relations)) {
    if (rel.kind !== 'hasMany') continue;
    const child = REGISTRY[rel.entity];
    const rows = await tx
      .selectFrom(child.table)
      .select('id')
      .where(rel.foreignKey, 'in', liveIds)
      .where('deletedAt', 'is', null)
      .execute();
    await tombstoneEntities(
      tx,
      child,
      rows.map((r) => String(r.id)),
      now,
      {},
      true,
    );
  }
}

/**
 * Purges tombstones for good (pull.service's retention), with their change-log rows. The
 * only hard delete of entity rows.
 */
export async function purgeEntities(tx: StoreKysely, def: EntityDef, ids: readonly string[]) {
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    await tx.deleteFrom(def.table).where('id', 'in', part).execute();
    await tx
      .deleteFrom('changeLog')
      .where('entity', '=', def.name)
      .where('rowId', 'in', part)
      .execute();
  }
}
