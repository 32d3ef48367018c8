import type { Kysely } from 'kysely';

/**
 * The order event log (docs/api.md "Order history"): one row per state change of an order —
 * the step taken, from which state to which, who took it (user id and the display name at
 * the time) and the reason given (required to decline). Written in the transaction of the
 * change itself; never updated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orderEvent')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('orderId', 'varchar(36)', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('fromState', 'varchar(20)', (c) => c.notNull())
    .addColumn('toState', 'varchar(20)', (c) => c.notNull())
    .addColumn('userId', 'varchar(64)', (c) => c.notNull())
    .addColumn('userName', 'varchar(200)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_event_order_idx')
    .on('orderEvent')
    .columns(['orderId', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orderEvent').execute();
}
