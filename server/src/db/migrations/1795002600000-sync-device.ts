import type { Kysely } from 'kysely';

/**
 * The latest report of each device (docs/sync.md "Device reports"): one row per sync client
 * id — whose it is, when it last reached the server and what it said (JSON), with the time
 * its oldest unsent entry was made, in server time, for the office's Devices screen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('syncDevice')
    .addColumn('clientId', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('userId', 'varchar(64)', (c) => c.notNull())
    .addColumn('lastContactAt', 'varchar(40)', (c) => c.notNull())
    .addColumn('oldestPendingAt', 'varchar(40)')
    .addColumn('report', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sync_device_user_idx').on('syncDevice').column('userId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('syncDevice').execute();
}
