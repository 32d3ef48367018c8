import { sql, type Kysely } from 'kysely';

/**
 * A hose's life at its position (docs/hose-lifecycle.md): the assembly it replaced and the one
 * that replaced it, the day it was retired and why; an order line's hose it replaces and the
 * hose its swap installed; the company setting that keeps codes with the position. A code is
 * unique among the installed hoses: the hose swapped in may carry its retired predecessor's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['predecessorId', 'successorId']) {
    await db.schema.alterTable('pipe').addColumn(column, 'varchar(36)').execute();
  }
  await db.schema.alterTable('pipe').addColumn('retiredAt', 'text').execute();
  await db.schema.alterTable('pipe').addColumn('retiredReason', 'text').execute();
  for (const column of ['replacesPipeId', 'installedPipeId']) {
    await db.schema.alterTable('orderItem').addColumn(column, 'varchar(36)').execute();
  }
  await db.schema
    .alterTable('companySettings')
    .addColumn('codesStayWithPosition', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('pipe_code_uq').execute();
  await db.schema
    .createIndex('pipe_code_uq')
    .on('pipe')
    .column('code')
    .unique()
    .where((eb) =>
      eb.and([eb(sql.ref('deletedAt'), 'is', null), eb(sql.ref('retiredAt'), 'is', null)]),
    )
    .execute();
  await db.schema
    .createIndex('pipe_predecessor_id_idx')
    .on('pipe')
    .column('predecessorId')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pipe_predecessor_id_idx').execute();
  await db.schema.dropIndex('pipe_code_uq').execute();
  await db.schema
    .createIndex('pipe_code_uq')
    .on('pipe')
    .column('code')
    .unique()
    .where(sql.ref('deletedAt'), 'is', null)
    .execute();
  await db.schema.alterTable('companySettings').dropColumn('codesStayWithPosition').execute();
  for (const column of ['installedPipeId', 'replacesPipeId']) {
    await db.schema.alterTable('orderItem').dropColumn(column).execute();
  }
  for (const column of ['retiredReason', 'retiredAt', 'successorId', 'predecessorId']) {
    await db.schema.alterTable('pipe').dropColumn(column).execute();
  }
}
