import type { Kysely } from 'kysely';

// The limits every server instance shares (plugins/shared-limits.ts): one row per limited
// subject (a user, an address, a feed link, a username at an address) with the hits in its
// current window. Times are epoch milliseconds; rows past `expiresAt` are pruned.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rateLimit')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('windowStart', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('lastAt', 'bigint', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_expires_idx')
    .on('rateLimit')
    .column('expiresAt')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rateLimit').execute();
}
