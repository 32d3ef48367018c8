/**
 * The pieces of mutate.ts: numbering a new outbox entry, merging an update into a previous
 * entry that was never sent, finding a new row's scope key, and schema
 * checks that fail as a MutationError (so a form can show the field and its message key).
 * appendEntry must run inside a Dexie transaction that includes `meta` (it takes the next local
 * seq from there: sync/issues.ts).
 */
import type { z } from 'zod';
import type { ENTITY_SCHEMAS, EntityDefinition } from '../domain/entities';
import { uuidv7 } from '../domain/ids';
import { parseOrThrow, type ParseFailure } from '../domain/parse';
import { mutationSchema, SYNC_SCHEMA_VERSION } from '../domain/sync-contract';
import type { SchlauchDb } from '../db/database';
import type { StoredRow, SyncedEntity } from '../db/entity-tables';
import { nextLocalSeq } from '../db/meta-repository';
import type { OutboxEntry } from '../db/records';
import { MutationError } from './errors';
import { entryData } from './rebase';

type Def<E extends SyncedEntity> = (typeof ENTITY_SCHEMAS)[E];
/** Create input: the domain create schema's input; `companyId` may come from the parent. */
export type CreateInput<E extends SyncedEntity> = Omit<z.input<Def<E>['create']>, 'companyId'> & {
  companyId?: string;
};
export type UpdateInput<E extends SyncedEntity> = z.input<Def<E>['update']>;

export interface MutatorOptions {
  db: SchlauchDb | (() => SchlauchDb);
  /** The signed-in user; entries carry it, and only that user's entries are ever sent. */
  getUserId: () => string | null;
  /** Resolves once `getUserId` can be asked (the app binds its session after the first paint). */
  ready?: () => Promise<void>;
  /** Called after each committed write (the scheduler syncs soon after). */
  onWrite?: () => void;
  now?: () => Date;
}

export interface CommandOptions {
  recordId?: string | null;
  /** The table of `recordId`, when the answer is a row to store. */
  entity?: SyncedEntity | null;
  dependsOn?: string[];
  /**
   * Rows the call will create or change on the server, written locally in the same
   * transaction so the screen shows them at once (an offline cart line); the pull replaces
   * them with the server's rows of the same ids.
   */
  rows?: ReadonlyArray<{ entity: SyncedEntity; row: StoredRow }>;
  /**
   * docs/api.md "an earlier request for the same item is superseded": a still-unsent entry of
   * this user with the same method and path takes this call's body instead of a second
   * entry being queued (a quantity typed 1, 12, 120 is sent once, as 120).
   */
  supersede?: boolean;
}

export type NewEntry = Pick<
  OutboxEntry,
  'kind' | 'entity' | 'name' | 'method' | 'path' | 'recordId' | 'dependsOn'
> &
  Partial<
    Pick<OutboxEntry, 'body' | 'baseVersion' | 'changedFields' | 'undo' | 'restore' | 'overlay'>
  >;

/** Appends an entry: next local seq, new mutationId, state 'pending', no wire seq yet. */
export async function appendEntry(
  db: SchlauchDb,
  userId: string,
  now: string,
  fields: NewEntry,
): Promise<OutboxEntry> {
  const entry = buildEntry(userId, now, fields, await nextLocalSeq(db));
  await db.outbox.add(entry);
  return entry;
}

/**
 * A new entry with local order `localSeq` (new mutationId, state 'pending', no wire seq yet),
 * checked against the wire contract; the caller stores it (and the counter) in its write.
 */
export function buildEntry(
  userId: string,
  now: string,
  fields: NewEntry,
  localSeq: number,
): OutboxEntry {
  const mutationId = uuidv7();
  const { restore, overlay, ...call } = fields;
  const wire = {
    ...call,
    seq: 1,
    mutationId,
    userId,
    baseVersion: fields.baseVersion ?? null,
    changedFields: fields.changedFields ?? null,
    schemaVersion: SYNC_SCHEMA_VERSION,
    performedAt: now,
  };
  // The entry is a wire call: refuse one the server's contract would refuse.
  parseMutation(mutationSchema, wire);
  return {
    ...wire,
    localSeq,
    seq: null,
    state: 'pending',
    attempts: 0,
    lastError: null,
    error: null,
    nextAttemptAt: null,
    undo: fields.undo ?? null,
    ...(restore && restore.length > 0 ? { restore } : {}),
    ...(overlay && Object.keys(overlay).length > 0 ? { overlay } : {}),
    createdAt: now,
  };
}

/**
 * Merges changed `values` into `last` when it is this user's unsent create or update of the
 * same record (the server then sees one call with the final values). Returns false when the
 * entry may not change any more (sent, answered, or another kind).
 */
export function coalesceInto(
  last: OutboxEntry,
  userId: string,
  values: Record<string, unknown>,
  before: Record<string, unknown>,
): boolean {
  if (last.userId !== userId || last.state !== 'pending' || last.seq !== null) return false;
  if (last.kind !== 'create' && last.kind !== 'update') return false;
  const data = { ...entryData(last), ...values };
  if (last.undo) last.undo = { ...pick(before, Object.keys(values)), ...last.undo };
  if (last.kind === 'create') {
    last.body = { ...(last.body as object), data };
    return true;
  }
  last.body = { data, baseVersion: last.baseVersion };
  last.changedFields = [...new Set([...(last.changedFields ?? []), ...Object.keys(values)])];
  return true;
}

/** The bookkeeping fields of a row, which the server sets: never laid over its rows. */
const BOOKKEEPING = new Set(['id', 'version', 'createdAt', 'updatedAt']);

/**
 * The fields a command's write changed on its record's row (`before` → `after`), for
 * OutboxEntry `overlay`; empty for a row it created.
 */
export function changedValues(
  before: StoredRow | null,
  after: StoredRow | undefined,
): Record<string, unknown> {
  if (!before || !after) return {};
  return Object.fromEntries(
    Object.entries(after).filter(([f, v]) => !BOOKKEEPING.has(f) && !sameValue(v, before[f])),
  );
}

export function pick(row: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(fields.map((f) => [f, row[f]]));
}

const invalid = ({ message, field }: ParseFailure) =>
  new MutationError('validation', message, field);

/** Parses with a domain schema; the first failure becomes a MutationError with its field. */
export const parseMutation = (schema: z.ZodType, value: unknown): Record<string, unknown> =>
  parseOrThrow(schema, value, invalid) as Record<string, unknown>;

/** Value equality of JSON-like field values (objects such as fittings compare by content). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function parentOf(def: EntityDefinition, row: StoredRow): string | null {
  const value = def.parent ? row[def.parent.field] : null;
  return typeof value === 'string' ? value : null;
}

/**
 * The scope key of a new row: its own id, the parent's customer, or null for global rows (the
 * parent read from `db`, in the write's transaction).
 */
export async function scopeOf(
  db: SchlauchDb,
  def: EntityDefinition,
  entity: SyncedEntity,
  data: Record<string, unknown>,
  id: string,
): Promise<string | null | undefined> {
  if (def.scope !== 'company') return null;
  if (entity === 'company') return id;
  if (typeof data.companyId === 'string') return data.companyId;
  const parent = def.parent;
  const parentId = parent ? data[parent.field] : undefined;
  if (!parent || parent.field === 'companyId' || typeof parentId !== 'string') return undefined;
  const row = (await db.table(parent.entity).get(parentId)) as StoredRow | undefined;
  if (!row || row.deletedAt !== null) {
    throw new MutationError('parent_missing', 'validation:format', parent.field);
  }
  return parent.entity === 'company' ? row.id : (row.companyId ?? undefined);
}
