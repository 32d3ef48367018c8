import type { Kysely } from 'kysely';

/**
 * The day plan (docs/architecture.md "Day plan"): an entity table like the others (docs/sync.md
 * base and sync columns), the locations and machines as JSON lists, found by customer and by
 * technician and day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dayPlan')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(40)', (c) => c.notNull())
    .addColumn('deletedAt', 'varchar(40)')
    .addColumn('companyId', 'varchar(36)', (c) => c.notNull().references('company.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('technicianId', 'text', (c) => c.notNull())
    .addColumn('locationIds', 'text', (c) => c.notNull())
    .addColumn('machineIds', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('changeSeq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fieldVersions', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('day_plan_company_id_idx')
    .on('dayPlan')
    .column('companyId')
    .execute();
  await db.schema
    .createIndex('day_plan_technician_idx')
    .on('dayPlan')
    .columns(['technicianId', 'date'])
    .execute();
  await db.schema
    .createIndex('day_plan_change_seq_idx')
    .on('dayPlan')
    .column('changeSeq')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dayPlan').execute();
}
