/**
 * Calendar feed links in `calendarFeedToken` (one row per link, the token only as its sha256)
 * and the reads the feed needs: a customer's live name and live machines.
 */
import type { Kysely, Selectable } from 'kysely';
import type { CalendarFeedTokenTable, Database } from '@server/db/schema';

export type FeedTokenRow = Selectable<CalendarFeedTokenTable>;

export async function insertFeedToken(db: Kysely<Database>, row: FeedTokenRow): Promise<void> {
  await db.insertInto('calendarFeedToken').values(row).execute();
}

/** Revokes a user's live links to one customer (a new link replaces them). */
export async function revokeUserLinks(
  db: Kysely<Database>,
  userId: string,
  customerId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('calendarFeedToken')
    .set({ revokedAt: at })
    .where('userId', '=', userId)
    .where('customerId', '=', customerId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revokes one live link of a user; false when there is none with that id. */
export async function revokeFeedToken(
  db: Kysely<Database>,
  userId: string,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('calendarFeedToken')
    .set({ revokedAt: at })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A user's live links, newest first. */
export function liveFeedTokens(db: Kysely<Database>, userId: string): Promise<FeedTokenRow[]> {
  return db
    .selectFrom('calendarFeedToken')
    .selectAll()
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The live link of a token hash, if any. */
export function findLiveToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<FeedTokenRow | undefined> {
  return db
    .selectFrom('calendarFeedToken')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
}

export async function touchFeedToken(db: Kysely<Database>, id: string, at: string) {
  await db.updateTable('calendarFeedToken').set({ lastUsedAt: at }).where('id', '=', id).execute();
}

/** Names of live customers by id. */
export async function customerNames(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('company')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface FeedMachine {
  id: string;
  machineType: string | null;
  internalId: string;
}

/** A customer's live machines, by type and inventory number (the machine list's order). */
export async function customerMachines(
  db: Kysely<Database>,
  customerId: string,
): Promise<FeedMachine[]> {
  return db
    .selectFrom('machine')
    .select(['id', 'machineType', 'internalId'])
    .where('companyId', '=', customerId)
    .where('deletedAt', 'is', null)
    .orderBy('machineType')
    .orderBy('internalId')
    .orderBy('id')
    .execute();
}
