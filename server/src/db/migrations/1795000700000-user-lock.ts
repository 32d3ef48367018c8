import type { Kysely } from 'kysely';

// Issues #11 and #13: an administrator can lock a user (refused on the next API call and at
// sign-in) and hand out a one-time password the user must change at the next sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('lockedAt', 'varchar(64)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('mustChangePassword').execute();
  await db.schema.alterTable('users').dropColumn('lockedAt').execute();
}
