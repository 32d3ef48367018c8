import type { Kysely } from 'kysely';

// A DGUV audit and the inspection and maintenance reports print their PDF in the
// language they were made in (the technician's UI language at start).
const TABLES = ['dguvAudit', 'inspection', 'maintenance'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('locale', 'varchar(64)', (c) => c.notNull().defaultTo('de'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('locale').execute();
}
