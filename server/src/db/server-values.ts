/**
 * The server's key–value table: the embedded provider's secrets (signing keys, cookie keys,
 * when each key retired) and the sync machinery's marks, which are not secret — the sync epoch
 * and the tombstone purge horizon. In the database it keeps its first name, `server_secret`
 * (`serverSecret` in `Database`): every backup and scripts/restore.ts know it by that name.
 */
import type { QueryCreator } from 'kysely';
import type { ServerValueTable } from './schema';

/** Any handle or transaction that has the table (the typed one or the entity store's). */
type ServerValuesDb = QueryCreator<{ serverSecret: ServerValueTable }>;

/** The value stored under `name`, or null. */
export async function readServerValue(db: ServerValuesDb, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('serverSecret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** Stores `value` under `name`, replacing an earlier one. */
export async function writeServerValue(
  db: ServerValuesDb,
  name: string,
  value: string,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('serverSecret')
    .values({ name, value, createdAt: now.toISOString() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/**
 * Returns the value stored under `name`, creating it with `create()` on first use.
 * Insert-if-absent then read, so two servers starting at once agree on one value.
 */
export async function getOrCreateServerValue(
  db: ServerValuesDb,
  name: string,
  create: () => Promise<string>,
): Promise<string> {
  const existing = await readServerValue(db, name);
  if (existing !== null) return existing;
  const value = await create();
  await db
    .insertInto('serverSecret')
    .values({ name, value, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('serverSecret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
