import type { Kysely } from 'kysely';

// Company settings carry the default DGUV intervals new machines start with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('companySettings')
    .addColumn('defaultDguvInterval', 'varchar(16)', (c) => c.notNull().defaultTo('YEAR'))
    .execute();
  await db.schema
    .alterTable('companySettings')
    .addColumn('defaultDguvIntervalCritical', 'varchar(16)', (c) =>
      c.notNull().defaultTo('HALFYEAR'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companySettings').dropColumn('defaultDguvIntervalCritical').execute();
  await db.schema.alterTable('companySettings').dropColumn('defaultDguvInterval').execute();
}
