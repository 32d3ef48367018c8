import type { Kysely } from 'kysely';

/**
 * The position's history of a hose (docs/architecture.md "hose life"): a hose's predecessor and
 * successor at its position, when and why it was retired; an order line's hose it replaces
 * and the hose record of its assembly once installed. All nullable: rows before stay as they
 * were (installed, replacing nothing).
 */
const PIPE_COLUMNS = [
  ['predecessorId', 'varchar(36)'],
  ['successorId', 'varchar(36)'],
  ['retiredAt', 'varchar(40)'],
  ['retiredReason', 'text'],
] as const;
const ORDER_ITEM_COLUMNS = [
  ['replacesPipeId', 'varchar(36)'],
  ['installedPipeId', 'varchar(36)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of PIPE_COLUMNS)
    await db.schema.alterTable('pipe').addColumn(column, type).execute();
  for (const [column, type] of ORDER_ITEM_COLUMNS)
    await db.schema.alterTable('orderItem').addColumn(column, type).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [column] of ORDER_ITEM_COLUMNS)
    await db.schema.alterTable('orderItem').dropColumn(column).execute();
  for (const [column] of PIPE_COLUMNS)
    await db.schema.alterTable('pipe').dropColumn(column).execute();
}
