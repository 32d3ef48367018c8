/**
 * The one write function of the app (docs/sync.md; actualbudget's idea). Each call validates with
 * the domain schema, writes the row AND appends its outbox entry in ONE transaction (strict
 * durability): no row changes without the call that replays it, and no call exists for a
 * change that was not stored. The row shows at once: creates get version 1 and the device
 * time, updates keep their version until the server answers. The transaction is a Dexie one,
 * so the screens' live queries see the write as they see any other.
 *
 * An update of a record whose previous entry has not been sent yet is merged into that entry
 * (one call instead of many); otherwise it carries only the changed fields and the version
 * the user started from. Entries depend on the queued entries of the same record and of its
 * parent, so nothing is sent behind a refused parent.
 */
import type { ENTITY_SCHEMAS, EntityDefinition } from '../domain/entities';
import { cmsCallPath } from '../domain/entity-paths';
import { uuidv7 } from '../domain/ids';
import type { SchlauchDb } from '../db/database';
import type { EntityRow, StoredRow, SyncedEntity } from '../db/entity-tables';
import { clientKey, type ClientState } from '../db/meta-repository';
import { localWrite } from '../db/local-write';
import type { MetaRecord, OutboxEntry, RowBefore } from '../db/records';
import { appendSyncLog } from '../db/sync-log';
import { MutationError } from './errors';
import {
  buildEntry,
  changedValues,
  type CommandOptions,
  type CreateInput,
  type MutatorOptions,
  type NewEntry,
  type UpdateInput,
  coalesceInto,
  parentOf,
  parseMutation,
  pick,
  sameValue,
  scopeOf,
} from './mutate-helpers';
import { withWireSeqs } from './outbox';

/**
 * The entity schemas, loaded with the first write instead of with the sync package: building
 * them is one long task, which the sync's start at the first paint need not pay.
 */
let registry: typeof ENTITY_SCHEMAS | undefined;
async function definitionOf(entity: SyncedEntity): Promise<EntityDefinition> {
  registry ??= (await import('../domain/entities')).ENTITY_SCHEMAS;
  return registry[entity];
}

/**
 * The queued entries of these records in local order, and the next local seq, read in the
 * write's transaction (the reads go out together).
 * `userId`: for a write that may merge into the user's unsent entry — their stream's numbered
 * seqs are read too, so an entry already sent is seen as sent (outbox.ts withWireSeqs).
 */
async function readQueue(db: SchlauchDb, recordIds: readonly unknown[], userId?: string) {
  const ids = [...new Set(recordIds.filter((id): id is string => typeof id === 'string'))];
  const [listed, seq, client] = await Promise.all([
    // One keyed read per record (getAll): an anyOf cursor stepping through the index cost a
    // save more than the write itself on a phone-class CPU (bench/README.md).
    Promise.all(ids.map((id) => db.outbox.where('recordId').equals(id).toArray())).then((lists) =>
      lists.flat(),
    ),
    db.meta.get('localSeq'),
    userId ? db.meta.get(clientKey(userId)) : undefined,
  ]);
  const numbered = (client?.value as ClientState | undefined)?.numbered;
  const entries = withWireSeqs(listed, numbered).sort((a, b) => a.localSeq - b.localSeq);
  const nextSeq = (typeof seq?.value === 'number' ? seq.value : 0) + 1;
  return {
    entries,
    /** The entries a new call must wait for (all queued calls of these records). */
    dependsOn: entries.map((e) => e.mutationId),
    /** The new entry, and its write with the counter's, for the caller's writes. */
    entry(userId: string, now: string, fields: NewEntry): [OutboxEntry, Promise<unknown>] {
      const entry = buildEntry(userId, now, fields, nextSeq);
      return [entry, queueEntry(db, entry)];
    },
  };
}

/** Stores a new entry, moves the local-seq counter to it and records it (the flight recorder). */
const queueEntry = (db: SchlauchDb, entry: OutboxEntry) =>
  Promise.all([
    db.outbox.add(entry),
    db.meta.put({ key: 'localSeq', value: entry.localSeq } satisfies MetaRecord),
    logEntry(db, 'queued', entry, entry.createdAt),
  ]);

/** The flight recorder's event for an entry `mutate()` queued or merged a change into. */
const logEntry = (db: SchlauchDb, event: 'queued' | 'merged', entry: OutboxEntry, at: string) =>
  appendSyncLog(
    db,
    [
      {
        event,
        mutationId: entry.mutationId,
        entity: entry.entity,
        name: entry.name,
        recordId: entry.recordId,
      },
    ],
    at,
  );

/** The row to change (in the write's transaction); refused when missing or already deleted. */
async function liveRow(db: SchlauchDb, entity: SyncedEntity, id: string): Promise<StoredRow> {
  const row = (await db.table(entity).get(id)) as StoredRow | undefined;
  if (!row || row.deletedAt !== null) throw new MutationError('not_found', 'no data', 'id');
  return row;
}

/** This user's last entry of `recordId` when it is the same call and still unsent. */
function unsentCall(
  entries: readonly OutboxEntry[],
  userId: string,
  recordId: string | null,
  method: OutboxEntry['method'],
  path: string,
): OutboxEntry | undefined {
  if (!recordId) return undefined;
  const last = entries.filter((e) => e.recordId === recordId).at(-1);
  const unsent = last?.state === 'pending' && last.seq === null && last.userId === userId;
  return unsent && last.method === method && last.path === path ? last : undefined;
}

/** The earlier entry's before-rows win: they are what the rows were before both calls. */
function mergeRestore(earlier: RowBefore[] | undefined, now: RowBefore[]): RowBefore[] {
  const known = new Set((earlier ?? []).map((r) => `${r.entity}:${r.id}`));
  return [...(earlier ?? []), ...now.filter((r) => !known.has(`${r.entity}:${r.id}`))];
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
  /**
   * Runs `fn` in one read-write transaction over the tables of `entities`, the outbox, meta and
   * the flight recorder (strict durability, as the app opens its database), then lets the
   * scheduler know.
   */
  async function write<T>(entities: readonly SyncedEntity[], fn: (db: SchlauchDb) => Promise<T>) {
    const db = dbOf();
    const tables = [...new Set([...entities, 'outbox', 'meta', 'syncLog'])].map((name) =>
      db.table(name),
    );
    // A write the storage refuses rejects with a LocalWriteError (db/local-write.ts).
    const result = await localWrite(() => db.transaction('rw', tables, () => fn(db)));
    options.onWrite?.();
    return result;
  }

  /**
   * Creates a row (id: the given one or a new UUIDv7) and queues `POST …/create`. `after`:
   * other records whose queued calls must be answered first (a hose swapped in waits for its
   * predecessor's retirement).
   */
  async function create<E extends SyncedEntity>(
    entity: E,
    data: CreateInput<E>,
    opts: { after?: readonly string[] } = {},
  ) {
    const def = registry?.[entity] ?? (await definitionOf(entity));
    const parent = def.parent?.entity as SyncedEntity | undefined;
    const userId = await userOf();
    const input: Record<string, unknown> = { ...data, id: data.id ?? uuidv7() };
    const id = String(input.id);
    const parentId = def.parent ? input[def.parent.field] : null;
    return write([entity, ...(parent ? [parent] : [])], async (db) => {
      // The parent first: a missing parent is refused before a bad field.
      const [companyId, queue] = await Promise.all([
        scopeOf(db, def, entity, input, id),
        readQueue(db, [parentId, ...(opts.after ?? [])]),
      ]);
      const values = { ...input };
      if (companyId && entity !== 'company' && def.scope === 'company') {
        values.companyId = companyId;
      }
      const parsed = parseMutation(def.create, values);
      const now = nowIso();
      const base = { version: 1, createdAt: now, updatedAt: now, deletedAt: null };
      const row = { ...parsed, id, companyId: companyId ?? null, ...base } as StoredRow;
      parseMutation(def.row, row);
      // One entry, its files included: the server defers it until they are uploaded, and
      // accepts their upload before the row exists.
      const [, queued] = queue.entry(userId, now, {
        kind: 'create',
        entity,
        name: 'cms.create',
        method: 'POST',
        path: cmsCallPath(entity, 'create'),
        body: { data: parsed },
        recordId: id,
        dependsOn: queue.dependsOn,
      });
      await Promise.all([db.table(entity).add(row), queued]);
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
    const def = registry?.[entity] ?? (await definitionOf(entity));
    const userId = await userOf();
    return write([entity], async (db) => {
      const current = await liveRow(db, entity, id);
      const parsed = parseMutation(def.update, changes);
      const changed = Object.keys(parsed).filter((f) => !sameValue(parsed[f], current[f]));
      if (changed.length === 0) return current as EntityRow<E>;
      const values = Object.fromEntries(changed.map((f) => [f, parsed[f]]));
      const next: StoredRow = { ...current, ...values };
      const queue = await readQueue(
        db,
        [id, parentOf(def, current), ...(opts.after ?? [])],
        userId,
      );
      const last = queue.entries.filter((e) => e.recordId === id).at(-1);
      if (!opts.after?.length && last && coalesceInto(last, userId, values, current)) {
        // The merged entry keeps its indexed fields (record, user, state, mutation id).
        await Promise.all([
          db.table(entity).put(next),
          db.outbox.put(last),
          logEntry(db, 'merged', last, nowIso()),
        ]);
        return next as EntityRow<E>;
      }
      const baseVersion = opts.baseVersion ?? current.version;
      const [, queued] = queue.entry(userId, nowIso(), {
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
        dependsOn: queue.dependsOn,
      });
      await Promise.all([db.table(entity).put(next), queued]);
      return next as EntityRow<E>;
    });
  }

  /** Soft-deletes a row locally (deletedAt) and queues `DELETE …/delete/{id}`. */
  async function remove<E extends SyncedEntity>(entity: E, id: string) {
    const def = registry?.[entity] ?? (await definitionOf(entity));
    const userId = await userOf();
    return write([entity], async (db) => {
      const current = await liveRow(db, entity, id);
      const now = nowIso();
      const next: StoredRow = { ...current, deletedAt: now };
      const queue = await readQueue(db, [id, parentOf(def, current)]);
      const [, queued] = queue.entry(userId, now, {
        kind: 'delete',
        entity,
        name: 'cms.delete',
        method: 'DELETE',
        path: cmsCallPath(entity, 'delete', id),
        recordId: id,
        undo: { deletedAt: null },
        dependsOn: queue.dependsOn,
      });
      await Promise.all([db.table(entity).put(next), queued]);
      return next as EntityRow<E>;
    });
  }

  /** Queues any other docs/api.md call (shop commands such as `/shop/submit/{id}`). */
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
      const queue = await readQueue(db, [recordId], opts.supersede ? userId : undefined);
      // What the rows were before (read ahead of the puts: a transaction runs in order).
      const before = await Promise.all(
        rows.map(async ({ entity, row }) => ({
          entity,
          id: row.id,
          row: ((await db.table(entity).get(row.id)) as StoredRow | undefined) ?? null,
        })),
      );
      const puts = rows.map(({ entity, row }) => db.table(entity).put(row));
      // What it shows on its own record, kept over the server's rows until it is answered.
      const own = before.find((b) => b.id === recordId);
      const overlay = changedValues(own?.row ?? null, rows.find((r) => r.row.id === recordId)?.row);
      const earlier = opts.supersede
        ? unsentCall(queue.entries, userId, recordId, method, path)
        : undefined;
      if (earlier) {
        const merged = { ...earlier.overlay, ...overlay };
        const replaced = {
          ...earlier,
          body,
          performedAt: nowIso(),
          restore: mergeRestore(earlier.restore, before),
          ...(Object.keys(merged).length > 0 ? { overlay: merged } : {}),
        };
        await Promise.all([
          ...puts,
          db.outbox.put(replaced),
          logEntry(db, 'merged', replaced, nowIso()),
        ]);
        return replaced;
      }
      const [built, queued] = queue.entry(userId, nowIso(), {
        kind: 'command',
        entity: opts.entity ?? null,
        name,
        method,
        path,
        body,
        recordId,
        dependsOn: [...new Set([...(opts.dependsOn ?? []), ...queue.dependsOn])],
        restore: before,
        overlay,
      });
      await Promise.all([...puts, queued]);
      return built;
    });
  }

  return { create, update, remove, command };
}

export type Mutator = ReturnType<typeof createMutator>;
