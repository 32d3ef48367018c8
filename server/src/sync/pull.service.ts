/**
 * `GET /api/sync/pull?cursor=C&limit=N` (DESIGN §4): the change feed — every row written after
 * the cursor, in change-sequence (commit) order, cut to what the user may see; deletes are
 * tombstones. Tombstones are kept ≥ 90 days; a cursor from before the purge horizon gets 410
 * and the client re-bootstraps (keeping its outbox).
 */
import type { Kysely } from 'kysely';
import { PULL_PAGE_MAX, type Change, type PullResponse } from '../../../src/domain/sync-contract';
import { isCustomerUser } from '../../../src/domain/rules/permissions';
import { scopeCompany } from '../cms/access';
import { CMS_ENTITIES, REGISTRY } from '../cms/registry';
import { rowFromDb } from '../cms/rows';
import type { CmsDb } from '../db/schema';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';

export const TOMBSTONE_RETENTION_DAYS = 90;
const HORIZON_KEY = 'tombstone-horizon';

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

export async function purgeHorizon(db: Kysely<CmsDb>): Promise<number> {
  const row = await db
    .selectFrom('serverSecret')
    .select('value')
    .where('name', '=', HORIZON_KEY)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

export async function pull(
  db: Kysely<CmsDb>,
  user: AuthUser,
  cursorText: string | undefined,
  limitIn?: number,
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
  const candidates: { seq: number; change: Change }[] = [];
  for (const name of CMS_ENTITIES) {
    const def = REGISTRY[name];
    let q = db
      .selectFrom(def.table)
      .selectAll()
      .where('changeSeq', '>', cursor)
      .orderBy('changeSeq')
      .limit(limit + 1);
    const company = scopeCompany(user, def);
    if (company) q = q.where('companyId', '=', company);
    for (const raw of await q.execute()) {
      const row = rowFromDb(def, raw);
      const deleted = row.deletedAt !== null;
      candidates.push({
        seq: Number(raw.changeSeq),
        change: {
          entity: name,
          id: String(row.id),
          version: Number(row.version),
          ...(deleted ? { deleted: true } : { row }),
        },
      });
    }
  }
  candidates.sort((a, b) => a.seq - b.seq);
  const page = candidates.slice(0, limit);
  const last = page.at(-1)?.seq ?? cursor;
  return {
    changes: page.map((c) => c.change),
    nextCursor: encodeCursor(last),
    hasMore: candidates.length > limit,
    scope: scopeKey(user),
  };
}

/**
 * Removes tombstones older than the retention period for good and moves the horizon past
 * them, so that a client whose cursor is older must re-bootstrap instead of missing deletes.
 */
export async function purgeTombstones(db: Kysely<CmsDb>, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TOMBSTONE_RETENTION_DAYS * 86_400_000).toISOString();
  return db.transaction().execute(async (tx) => {
    let horizon = await purgeHorizon(tx as unknown as Kysely<CmsDb>);
    let removed = 0;
    // Children first, so no foreign key points at a removed row.
    for (const name of [...CMS_ENTITIES].reverse()) {
      const def = REGISTRY[name];
      const old = await tx
        .selectFrom(def.table)
        .select(['id', 'changeSeq'])
        .where('deletedAt', '<', before)
        .execute();
      if (old.length === 0) continue;
      for (const r of old) horizon = Math.max(horizon, Number(r.changeSeq));
      const res = await tx.deleteFrom(def.table).where('deletedAt', '<', before).executeTakeFirst();
      removed += Number(res.numDeletedRows);
    }
    await tx
      .insertInto('serverSecret')
      .values({ name: HORIZON_KEY, value: String(horizon), createdAt: now.toISOString() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: String(horizon) }))
      .execute();
    return removed;
  });
}
