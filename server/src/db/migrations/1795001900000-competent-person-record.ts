import type { Kysely } from 'kysely';

/**
 * The inspection record's facts (docs/dguv-record.md): a hose's installation date (storage
 * time), the machine's interval decision (who, on what basis, when), the competent person's
 * profile on the user (qualification, training, last refresher) and the company's refresher
 * interval in years.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pipe').addColumn('installationDate', 'text').execute();
  for (const column of ['intervalDecidedBy', 'intervalBasis', 'intervalDecidedAt']) {
    await db.schema.alterTable('machine').addColumn(column, 'text').execute();
  }
  for (const column of ['qualification', 'training', 'lastRefresher']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('companySettings')
    .addColumn('refresherYears', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companySettings').dropColumn('refresherYears').execute();
  for (const column of ['lastRefresher', 'training', 'qualification']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  for (const column of ['intervalDecidedAt', 'intervalBasis', 'intervalDecidedBy']) {
    await db.schema.alterTable('machine').dropColumn(column).execute();
  }
  await db.schema.alterTable('pipe').dropColumn('installationDate').execute();
}
