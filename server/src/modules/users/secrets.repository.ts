import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Returns the secret stored under `name`, creating it with `create()` on first use.
 * Insert-if-absent then read, so two servers starting at once agree on one value.
 */
export async function getOrCreateSecret(
  db: Kysely<Database>,
  name: string,
  create: () => Promise<string>,
): Promise<string> {
  const existing = await db
    .selectFrom('serverSecret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value;
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
