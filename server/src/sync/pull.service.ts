/**
 * `GET /api/sync/pull?cursor=C&limit=N` (docs/sync.md): the change feed — every row written after
 * the cursor, in change-sequence (commit) order, cut to what the user may see; deletes are
 * tombstones. Tombstones are kept ≥ 90 days; a cursor from before the purge horizon gets 410
 * and the client re-bootstraps (keeping its outbox).
 */
import type { Kysely } from 'kysely';
import { PULL_PAGE_MAX, scopeKey as sharedScopeKey } from '@domain/sync-contract';
import { isCustomerUser } from '@domain/rules/permissions';
import { readFilter } from '../cms/access';
import { REGISTRY, type CmsEntityName } from '../cms/registry';
import { changeJsonSql } from '../cms/rows';
import type { DbKind } from '../db/database';
import type { EntityStoreDb } from '../db/schema';
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

/**
 * What a feed is cut from: the user's visibility and the server's sync epoch (epoch.ts). When
 * either changes — lost access, or a restore — the client starts over.
 */
export function scopeKey(user: AuthUser, epoch?: string): string {
  return sharedScopeKey(isCustomerUser(user) ? `company:${user.customer}` : 'all', epoch);
}

/**
 * One page of the feed, as the JSON text of a `PullResponse` (sync-contract.ts). Each change's
 * JSON is built by the database (`changeJsonSql`): a page of 5 000 rows is sent without making
 * a JavaScript object of any of them — the server's share of a new device's initial load was
 * its largest cost, on the same cores as the device's IndexedDB.
 */
export async function pull(
  db: Kysely<EntityStoreDb>,
  kind: DbKind,
  user: AuthUser,
  cursorText: string | undefined,
  limitIn?: number,
  clientId?: string,
  epoch?: string,
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
  const last = page.length > 0 ? Number(page.at(-1)!.seq) : cursor;
  // A client that pushed a row has its answer already: the feed leaves the row out for that
  // client (not on a first load, which must bring everything).
  const wanted = page.filter((l) => !(clientId && cursor > 0 && l.origin === clientId));
  const texts = await changeTexts(db, kind, user, wanted, company ? null : { after: cursor, last });
  const changes: string[] = [];
  for (const l of wanted) {
    const text = texts.get(Number(l.seq));
    // None: purged, or written again meanwhile (it comes later in the feed, at its new seq).
    if (text !== undefined) changes.push(text);
  }
  return (
    `{"changes":[${changes.join(',')}],"nextCursor":${JSON.stringify(encodeCursor(last))},` +
    `"hasMore":${log.length > limit},"scope":${JSON.stringify(scopeKey(user, epoch))}}`
  );
}

/**
 * The change JSON (rows.ts changeJsonSql) of each row the log names, by change seq. A row's
 * `change_seq` is its change-log seq (entity-store.ts writes both in one transaction), so
 * the texts are keyed by it and a row written again since the log was read is not found.
 *
 * `range`: everything in the page's seq range is the user's (staff see every row), so each
 * entity's rows are read with one range scan on its `change_seq` index, rows the page leaves
 * out (a client's own pushes) dropped after. Otherwise (a customer, whose rows are a few
 * among many in the range) each entity's rows are looked up by id, 500 ids a query.
 * Rows the user may not read (access.ts `readFilter`: another technician's day plan, any day
 * plan for a customer) are not found, so the feed leaves them out.
 */
async function changeTexts(
  db: Kysely<EntityStoreDb>,
  kind: DbKind,
  user: AuthUser,
  log: readonly { seq: unknown; entity: unknown; rowId: unknown }[],
  range: { after: number; last: number } | null,
): Promise<Map<number, string>> {
  const ids = new Map<CmsEntityName, string[]>();
  for (const l of log) {
    const name = l.entity as CmsEntityName;
    if (!REGISTRY[name]) continue;
    const list = ids.get(name);
    if (list) list.push(String(l.rowId));
    else ids.set(name, [String(l.rowId)]);
  }
  const out = new Map<number, string>();
  for (const [name, list] of ids) {
    const def = REGISTRY[name];
    const filter = readFilter(user, def);
    if (filter === 'none') continue;
    const select = () => {
      const q = db
        .selectFrom(def.table)
        .select((eb) => [eb.ref('changeSeq').as('seq'), changeJsonSql(def, kind).as('change')]);
      return filter ? q.where(filter.field, '=', filter.value) : q;
    };
    const found = range
      ? [
          await select()
            .where('changeSeq', '>', range.after)
            .where('changeSeq', '<=', range.last)
            .execute(),
        ]
      : await Promise.all(
          Array.from({ length: Math.ceil(list.length / 500) }, (_, i) =>
            select()
              .where('id', 'in', list.slice(i * 500, i * 500 + 500))
              .execute(),
          ),
        );
    for (const rows of found) for (const r of rows) out.set(Number(r.seq), r.change);
  }
  return out;
}
