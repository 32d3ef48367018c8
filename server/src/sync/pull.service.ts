/**
 * `GET /api/sync/pull?cursor=C&limit=N` (DESIGN §4): the change feed — every row written after
 * the cursor, in change-sequence (commit) order, cut to what the user may see; deletes are
 * tombstones. Tombstones are kept ≥ 90 days; a cursor from before the purge horizon gets 410
 * and the client re-bootstraps (keeping its outbox).
 */
import type { Kysely } from 'kysely';
import { PULL_PAGE_MAX, type Change, type PullResponse } from '../../../src/domain/sync-contract';
import { isCustomerUser } from '../../../src/domain/rules/permissions';
import { REGISTRY, type CmsEntityName } from '../cms/registry';
import { rowFromDb } from '../cms/rows';
import type { CmsDb } from '../db/schema';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { purgeHorizon } from './tombstone-purge';

// The purge lives beside the feed it cuts (tombstone-purge.ts).
export { purgeHorizon, purgeTombstones, TOMBSTONE_RETENTION_DAYS } from './tombstone-purge';

export function encodeCursor(seq: number): string {
  return String(seq);
}

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  if (!/^\d{1,15}$/.test(cursor))
    throw new HttpError(400, 'invalid_cursor', 'invalid cursor', 'cursor');
  return Number(cursor);
}

/** The visibility a feed is cut for; when it changes the client starts over (lost access). */
export function scopeKey(user: AuthUser): string {
  return isCustomerUser(user) ? `company:${user.customer}` : 'all';
}

export async function pull(
  db: Kysely<CmsDb>,
  user: AuthUser,
  cursorText: string | undefined,
  limitIn?: number,
  clientId?: string,
): Promise<PullResponse> {
  const cursor = decodeCursor(cursorText);
  const limit = Math.min(Math.max(limitIn ?? 1000, 1), PULL_PAGE_MAX);
  if (cursor > 0 && cursor < (await purgeHorizon(db))) {
    throw new HttpError(
      410,
      'cursor_expired',
      'the cursor is older than the kept history; start over',
    );
  }
  // One range scan over the change log (entity-store.ts), cut to the user's scope.
  let q = db
    .selectFrom('changeLog')
    .select(['seq', 'entity', 'rowId', 'origin'])
    .where('seq', '>', cursor)
    .orderBy('seq')
    .limit(limit + 1);
  const company = isCustomerUser(user) ? user.customer : null;
  if (company) q = q.where((eb) => eb.or([eb('scope', '=', company), eb('scope', 'is', null)]));
  const log = await q.execute();
  const page = log.slice(0, limit);
  // A client that pushed a row has its answer already: the feed leaves the row out for that
  // client (not on a first load, which must bring everything).
  const wanted = page.filter((l) => !(clientId && cursor > 0 && l.origin === clientId));
  const rows = await loadRows(db, wanted);
  const changes: Change[] = [];
  for (const l of wanted) {
    const raw = rows.get(`${String(l.entity)}:${String(l.rowId)}`);
    if (!raw) continue; // purged meanwhile
    const def = REGISTRY[l.entity as CmsEntityName];
    const row = rowFromDb(def, raw);
    const deleted = row.deletedAt !== null;
    changes.push({
      entity: def.name,
      id: String(row.id),
      version: Number(row.version),
      ...(deleted ? { deleted: true } : { row }),
    });
  }
  return {
    changes,
    nextCursor: encodeCursor(page.length > 0 ? Number(page.at(-1)!.seq) : cursor),
    hasMore: log.length > limit,
    scope: scopeKey(user),
  };
}

/** The rows the log names, by `entity:id`: one `IN` query per entity (chunks of 500 ids). */
async function loadRows(
  db: Kysely<CmsDb>,
  log: readonly { entity: unknown; rowId: unknown }[],
): Promise<Map<string, Record<string, unknown>>> {
  const ids = new Map<CmsEntityName, string[]>();
  for (const l of log) {
    const name = l.entity as CmsEntityName;
    if (!REGISTRY[name]) continue;
    const list = ids.get(name);
    if (list) list.push(String(l.rowId));
    else ids.set(name, [String(l.rowId)]);
  }
  const out = new Map<string, Record<string, unknown>>();
  for (const [name, list] of ids) {
    const def = REGISTRY[name];
    for (let i = 0; i < list.length; i += 500) {
      const raws = await db
        .selectFrom(def.table)
        .selectAll()
        .where('id', 'in', list.slice(i, i + 500))
        .execute();
      for (const raw of raws) out.set(`${name}:${String(raw.id)}`, raw);
    }
  }
  return out;
}
