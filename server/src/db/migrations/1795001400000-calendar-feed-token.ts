import type { Kysely } from 'kysely';

// Revocable calendar feed tokens. A user's link to one customer's DGUV due
// dates; only the token's sha256 is kept. `roles` and `userCustomerId` are the user's access
// when the link was made — what counts for a user a real Keycloak owns (no users row here);
// users of the embedded provider are checked against their current row instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendarFeedToken')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('userId', 'varchar(255)', (c) => c.notNull())
    .addColumn('customerId', 'varchar(36)', (c) => c.notNull())
    .addColumn('tokenHash', 'varchar(64)', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('userCustomerId', 'varchar(36)')
    .addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('de'))
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .addColumn('revokedAt', 'varchar(40)')
    .addColumn('lastUsedAt', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('calendar_feed_token_hash_uq')
    .on('calendarFeedToken')
    .column('tokenHash')
    .unique()
    .execute();
  await db.schema
    .createIndex('calendar_feed_token_user_idx')
    .on('calendarFeedToken')
    .column('userId')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendarFeedToken').execute();
}
