/**
 * `GET /api/sync/pull?cursor=C&limit=N` (DESIGN §4): the change feed — every row written after
 * the cursor, in change-sequence (commit) order, cut to what the user may see; deletes are
 * tombstones. Tombstones are kept ≥ 90 days; a cursor from before the purge horizon gets 410
 * and the client re-bootstraps (keeping its outbox).
 */
import type { Kysely } from 'kysely';
import { PULL_PAGE_MAX } from '../../../src/domain/sync-contract';
import { isCustomerUser } from '../../../src/domain/rules/permissions';
import { REGISTRY, type CmsEntityName } from '../cms/registry';
import { rowJsonSql } from '../cms/rows';
import type { DbKind } from '../db/database';
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

/**
 * One page of the feed, as the JSON text of a `PullResponse` (sync-contract.ts). Each row's
 * JSON is built by the database (`rowJsonSql`): a page of 5 000 rows is sent without making
 * a JavaScript object of any of them — the server's share of a new device's initial load was
 * its largest cost, on the same cores as the device's IndexedDB (issue #16).
 */
export async function pull(
  db: Kysely<CmsDb>,
  kind: DbKind,
  user: AuthUser,
  cursorText: string | undefined,
  limitIn?: number,
  clientId?: string,
): Promise<string> {
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
  const rows = await loadRows(db, kind, wanted);
  const changes: string[] = [];
  for (const l of wanted) {
    const name = l.entity as CmsEntityName;
    const found = rows.get(`${name}:${String(l.rowId)}`);
    if (!found) continue; // purged meanwhile
    const head = `{"entity":${JSON.stringify(name)},"id":${JSON.stringify(String(found.id))},"version":${Number(found.version)}`;
    changes.push(
      found.deletedAt !== null ? `${head},"deleted":true}` : `${head},"row":${found.row}}`,
    );
  }
  const nextCursor = encodeCursor(page.length > 0 ? Number(page.at(-1)!.seq) : cursor);
  return (
    `{"changes":[${changes.join(',')}],"nextCursor":${JSON.stringify(nextCursor)},` +
    `"hasMore":${log.length > limit},"scope":${JSON.stringify(scopeKey(user))}}`
  );
}

/** A row's columns as the database gives them, and its API JSON (rows.ts rowFromDb) as text. */
interface RowJson {
  id: unknown;
  version: unknown;
  deletedAt: unknown;
  row: string;
}

/** The rows the log names, by `entity:id`: one `IN` query per entity (chunks of 500 ids). */
async function loadRows(
  db: Kysely<CmsDb>,
  kind: DbKind,
  log: readonly { entity: unknown; rowId: unknown }[],
): Promise<Map<string, RowJson>> {
  const ids = new Map<CmsEntityName, string[]>();
  for (const l of log) {
    const name = l.entity as CmsEntityName;
    if (!REGISTRY[name]) continue;
    const list = ids.get(name);
    if (list) list.push(String(l.rowId));
    else ids.set(name, [String(l.rowId)]);
  }
  const out = new Map<string, RowJson>();
  for (const [name, list] of ids) {
    const def = REGISTRY[name];
    const json = rowJsonSql(def, kind);
    for (let i = 0; i < list.length; i += 500) {
      const found = await db
        .selectFrom(def.table)
        .select((eb) => [
          eb.ref('id').as('id'),
          eb.ref('version').as('version'),
          eb.ref('deletedAt').as('deletedAt'),
          json.as('row'),
        ])
        .where('id', 'in', list.slice(i, i + 500))
        .execute();
      for (const r of found) out.set(`${name}:${String(r.id)}`, r);
    }
  }
  return out;
}
