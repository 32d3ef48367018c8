/**
 * The one write function of the app (DESIGN §4; actualbudget's idea). Each call validates with
 * the domain schema, writes the row AND appends its outbox entry in ONE Dexie transaction
 * (strict durability): no row changes without the call that replays it, and no call exists
 * for a change that was not stored. The row shows at once: creates get version 1 and the
 * device time, updates keep their version until the server answers.
 *
 * An update of a record whose previous entry has not been sent yet is merged into that entry
 * (one call instead of many); otherwise it carries only the changed fields and the version
 * the user started from. Entries depend on the queued entries of the same record and of its
 * parent, so nothing is sent behind a refused parent.
 */
import { ENTITY_SCHEMAS, type EntityDefinition } from '../domain/entities';
import { cmsCallPath } from '../domain/entity-paths';
import { uuidv7 } from '../domain/ids';
import type { SchlauchDb } from '../db/database';
import type { EntityRow, StoredRow, SyncedEntity } from '../db/entity-tables';
import { rowTable } from '../db/entity-repository';
import type { OutboxEntry } from '../db/records';
import { MutationError } from './errors';
import {
  appendEntry,
  type CommandOptions,
  type CreateInput,
  type MutatorOptions,
  type UpdateInput,
  coalesceInto,
  liveRow,
  parentOf,
  parseMutation,
  pick,
  sameValue,
  scopeOf,
} from './mutate-helpers';
import { dependenciesOf, recordEntries } from './outbox';

/** This user's last entry of `recordId` when it is the same call and still unsent. */
async function unsentCall(
  db: SchlauchDb,
  userId: string,
  recordId: string | null,
  method: OutboxEntry['method'],
  path: string,
): Promise<OutboxEntry | undefined> {
  if (!recordId) return undefined;
  const last = (await recordEntries(db, recordId)).at(-1);
  const unsent = last?.state === 'pending' && last.seq === null && last.userId === userId;
  return unsent && last.method === method && last.path === path ? last : undefined;
}

export type { CommandOptions, CreateInput, MutatorOptions, UpdateInput };

export function createMutator(options: MutatorOptions) {
  const dbOf = () => (typeof options.db === 'function' ? options.db() : options.db);
  const nowIso = () => (options.now?.() ?? new Date()).toISOString();
  const userOf = async () => {
    await options.ready?.();
    const userId = options.getUserId();
    if (!userId) throw new MutationError('not_signed_in', 'not signed in');
    return userId;
  };
  // The scope must be an `async` function: only then does Dexie keep the transaction open
  // across the awaits of nested helpers (a plain arrow returning a promise commits early).
  async function write<T>(tables: SyncedEntity[], fn: (db: SchlauchDb) => Promise<T>) {
    const db = dbOf();
    const scope = [...new Set(tables)].map((t) => rowTable(db, t));
    const result = await db.transaction('rw', [...scope, db.outbox, db.meta], async () => fn(db));
    options.onWrite?.();
    return result;
  }

  /** Creates a row (id: the given one or a new UUIDv7) and queues `POST …/create`. */
  async function create<E extends SyncedEntity>(entity: E, data: CreateInput<E>) {
    const def: EntityDefinition = ENTITY_SCHEMAS[entity];
    const parent = def.parent?.entity as SyncedEntity | undefined;
    const userId = await userOf();
    return write([entity, ...(parent ? [parent] : [])], async (db) => {
      const input: Record<string, unknown> = { ...data, id: data.id ?? uuidv7() };
      const id = String(input.id);
      const companyId = await scopeOf(db, def, entity, input, id);
      if (companyId && entity !== 'company' && def.scope === 'company') input.companyId = companyId;
      const parsed = parseMutation(def.create, input);
      const now = nowIso();
      const base = { version: 1, createdAt: now, updatedAt: now, deletedAt: null };
      const row = { ...parsed, id, companyId: companyId ?? null, ...base } as StoredRow;
      parseMutation(def.row, row);
      const parentId = def.parent ? parsed[def.parent.field] : null;
      await rowTable(db, entity).add(row);
      // One entry, its files included: the server defers it until they are uploaded, and
      // accepts their upload before the row exists (issue #16 item 3).
      await appendEntry(db, userId, now, {
        kind: 'create',
        entity,
        name: 'cms.create',
        method: 'POST',
        path: cmsCallPath(entity, 'create'),
        body: { data: parsed },
        recordId: id,
        dependsOn: await dependenciesOf(db, [typeof parentId === 'string' ? parentId : null]),
      });
      return row as EntityRow<E>;
    });
  }

  /**
   * Changes fields of a row and queues `PATCH …/update/{id}` with only the changed fields.
   * `baseVersion`: the version the form was opened on (default: the row's version now).
   * `after`: other records whose queued calls must be answered first (an audit's finish waits
   * for its signature row and that row's file upload).
   */
  async function update<E extends SyncedEntity>(
    entity: E,
    id: string,
    changes: UpdateInput<E>,
    opts: { baseVersion?: number; after?: readonly string[] } = {},
  ) {
    const def: EntityDefinition = ENTITY_SCHEMAS[entity];
    const userId = await userOf();
    return write([entity], async (db) => {
      const current = await liveRow(db, entity, id);
      const parsed = parseMutation(def.update, changes);
      const changed = Object.keys(parsed).filter((f) => !sameValue(parsed[f], current[f]));
      if (changed.length === 0) return current as EntityRow<E>;
      const values = Object.fromEntries(changed.map((f) => [f, parsed[f]]));
      const next: StoredRow = { ...current, ...values };
      await rowTable(db, entity).put(next);
      const entries = await recordEntries(db, id);
      const last = entries.at(-1);
      if (!opts.after?.length && last && coalesceInto(last, userId, values, current)) {
        await db.outbox.put(last);
        return next as EntityRow<E>;
      }
      const baseVersion = opts.baseVersion ?? current.version;
      await appendEntry(db, userId, nowIso(), {
        kind: 'update',
        entity,
        name: 'cms.update',
        method: 'PATCH',
        path: cmsCallPath(entity, 'update', id),
        body: { data: values, baseVersion },
        recordId: id,
        baseVersion,
        changedFields: changed,
        undo: pick(current, changed),
        dependsOn: await dependenciesOf(db, [id, parentOf(def, current), ...(opts.after ?? [])]),
      });
      return next as EntityRow<E>;
    });
  }

  /** Soft-deletes a row locally (deletedAt) and queues `DELETE …/delete/{id}`. */
  async function remove<E extends SyncedEntity>(entity: E, id: string) {
    const def: EntityDefinition = ENTITY_SCHEMAS[entity];
    const userId = await userOf();
    return write([entity], async (db) => {
      const current = await liveRow(db, entity, id);
      const now = nowIso();
      const next: StoredRow = { ...current, deletedAt: now };
      await rowTable(db, entity).put(next);
      await appendEntry(db, userId, now, {
        kind: 'delete',
        entity,
        name: 'cms.delete',
        method: 'DELETE',
        path: cmsCallPath(entity, 'delete', id),
        recordId: id,
        undo: { deletedAt: null },
        dependsOn: await dependenciesOf(db, [id, parentOf(def, current)]),
      });
      return next as EntityRow<E>;
    });
  }

  /** Queues any other SPEC §7 call (shop commands such as `/shop/submit/{id}`). */
  async function command(
    name: string,
    method: OutboxEntry['method'],
    path: string,
    body: unknown,
    opts: CommandOptions = {},
  ): Promise<OutboxEntry> {
    const userId = await userOf();
    const recordId = opts.recordId ?? null;
    const rows = opts.rows ?? [];
    const tables = [...(opts.entity ? [opts.entity] : []), ...rows.map((r) => r.entity)];
    return write(tables, async (db) => {
      for (const { entity, row } of rows) await rowTable(db, entity).put(row);
      if (opts.supersede) {
        const earlier = await unsentCall(db, userId, recordId, method, path);
        if (earlier) {
          const replaced = { ...earlier, body, performedAt: nowIso() };
          await db.outbox.put(replaced);
          return replaced;
        }
      }
      const own = await dependenciesOf(db, [recordId]);
      return appendEntry(db, userId, nowIso(), {
        kind: 'command',
        entity: opts.entity ?? null,
        name,
        method,
        path,
        body,
        recordId,
        dependsOn: [...new Set([...(opts.dependsOn ?? []), ...own])],
      });
    });
  }

  return { create, update, remove, command };
}

export type Mutator = ReturnType<typeof createMutator>;
