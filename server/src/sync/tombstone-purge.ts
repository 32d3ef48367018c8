/**
 * The daily tombstone purge (docs/sync.md): tombstones older than the retention period are
 * removed for good, and the purge horizon moves past them, so a client whose cursor is older
 * must start over (410) instead of missing deletes.
 *
 * A tombstone another row still points to stays until that row goes: a live answer to a
 * deleted hose, an approved audit that outlived its deleted machine, or a younger tombstone
 * (a hard delete would break the foreign key). Which columns point where is the registry's
 * `belongsTo` relations, and the rows go referrers first. Every chunk is deleted in a
 * savepoint: should it still break a foreign key the registry does not know (a file row's
 * company), its rows are tried one by one and the ones that fail stay — one row never blocks
 * the rest.
 *
 * Kept tombstones do not move the horizon: it says "deletes up to this change may be gone",
 * and a kept one is still in the feed for every cursor.
 */
import { sql, type Kysely } from 'kysely';
import type { EntityName } from '@domain/entities';
import { purgeEntities } from '../cms/entity-store';
import { CMS_ENTITIES, REGISTRY, type BelongsTo, type CmsEntityName } from '../cms/registry';
import type { StoreKysely } from '../cms/rows';
import type { EntityStoreDb } from '../db/schema';
import { readServerValue, writeServerValue } from '../db/server-values';

export const TOMBSTONE_RETENTION_DAYS = 90;
const HORIZON_KEY = 'tombstone-horizon';
/** Ids per statement (far below SQLite's and PostgreSQL's parameter limits). */
const CHUNK = 500;

/** The change seq up to which tombstones may have been purged (0: none yet). */
export async function purgeHorizon(db: StoreKysely): Promise<number> {
  return Number((await readServerValue(db, HORIZON_KEY)) ?? 0);
}

/** Every entity's references to other entities (registry relations, not to itself). */
const REFERENCES: { entity: CmsEntityName; rel: BelongsTo }[] = CMS_ENTITIES.flatMap((entity) =>
  Object.values(REGISTRY[entity].relations)
    .filter((rel): rel is BelongsTo => rel.kind === 'belongsTo' && rel.entity !== entity)
    .map((rel) => ({ entity, rel })),
);

/** The entities in hard-delete order: each one before every entity its rows point to. */
export const PURGE_ORDER: readonly CmsEntityName[] = (() => {
  const order: CmsEntityName[] = [];
  const state = new Map<CmsEntityName, 'visiting' | 'done'>();
  // An entity goes after all entities pointing to it (depth-first over the referrers).
  const visit = (target: CmsEntityName) => {
    if (state.get(target) === 'done') return;
    if (state.get(target) === 'visiting') throw new Error(`reference cycle at ${target}`);
    state.set(target, 'visiting');
    for (const r of REFERENCES) if (r.rel.entity === target) visit(r.entity);
    state.set(target, 'done');
    order.push(target);
  };
  for (const name of CMS_ENTITIES) visit(name);
  return order;
})();

type Key = `${string}:${string}`;
const key = (entity: string, id: unknown): Key => `${entity}:${String(id)}`;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** Old tombstones per entity: id → change seq. */
async function oldTombstones(tx: StoreKysely, before: string) {
  const out = new Map<EntityName, Map<string, number>>();
  for (const name of CMS_ENTITIES) {
    const rows = await tx
      .selectFrom(REGISTRY[name].table)
      .select(['id', 'changeSeq'])
      .where('deletedAt', '<', before)
      .execute();
    if (rows.length > 0)
      out.set(name, new Map(rows.map((r) => [String(r.id), Number(r.changeSeq)])));
  }
  return out;
}

/**
 * The old tombstones no remaining row points to: starting from all of them, a tombstone with
 * a referrer that stays (live, younger, or itself kept) stays too, until nothing changes.
 */
async function purgeable(tx: StoreKysely, old: Map<EntityName, Map<string, number>>) {
  const edges: { from: Key; to: Key }[] = [];
  for (const { entity, rel } of REFERENCES) {
    const targets = old.get(rel.entity);
    if (!targets) continue;
    for (const part of chunks([...targets.keys()])) {
      const rows = await tx
        .selectFrom(REGISTRY[entity].table)
        .select(['id', rel.foreignKey])
        .where(rel.foreignKey, 'in', part)
        .execute();
      for (const r of rows)
        edges.push({ from: key(entity, r.id), to: key(rel.entity, r[rel.foreignKey]) });
    }
  }
  const purge = new Set<Key>();
  for (const [name, ids] of old) for (const id of ids.keys()) purge.add(key(name, id));
  for (let changed = true; changed;) {
    changed = false;
    for (const e of edges) {
      if (purge.has(e.to) && !purge.has(e.from)) {
        purge.delete(e.to);
        changed = true;
      }
    }
  }
  return purge;
}

/** A foreign key violation (SQLite, PostgreSQL): the row is still referred to. */
function isForeignKeyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Runs `fn` in a savepoint; false (and nothing changed) if it broke a foreign key. */
async function inSavepoint(tx: StoreKysely, fn: () => Promise<void>): Promise<boolean> {
  await sql`savepoint purge_part`.execute(tx);
  try {
    await fn();
  } catch (err) {
    await sql`rollback to savepoint purge_part`.execute(tx);
    await sql`release savepoint purge_part`.execute(tx);
    if (isForeignKeyError(err)) return false;
    throw err;
  }
  await sql`release savepoint purge_part`.execute(tx);
  return true;
}

/**
 * Removes the tombstones older than the retention period that nothing refers to any more, in
 * one transaction, and moves the horizon past them. Returns how many rows went.
 */
export async function purgeTombstones(
  db: Kysely<EntityStoreDb>,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - TOMBSTONE_RETENTION_DAYS * 86_400_000).toISOString();
  return db.transaction().execute(async (tx) => {
    let horizon = await purgeHorizon(tx);
    const old = await oldTombstones(tx, before);
    const purge = await purgeable(tx, old);
    let removed = 0;
    for (const name of PURGE_ORDER) {
      const seqs = old.get(name);
      if (!seqs) continue;
      const def = REGISTRY[name];
      const ids = [...seqs.keys()].filter((id) => purge.has(key(name, id)));
      for (const part of chunks(ids)) {
        let gone = part;
        if (!(await inSavepoint(tx, () => purgeEntities(tx, def, part)))) {
          gone = [];
          for (const id of part) {
            if (await inSavepoint(tx, () => purgeEntities(tx, def, [id]))) gone.push(id);
          }
        }
        for (const id of gone) horizon = Math.max(horizon, seqs.get(id)!);
        removed += gone.length;
      }
    }
    await writeServerValue(tx, HORIZON_KEY, String(horizon), now);
    return removed;
  });
}
