import type { Kysely } from 'kysely';

// Inspection and maintenance reports carry photos (file references, a JSON list
// stored as text like dguvAnswer.photoIds); existing reports start with none.
const TABLES = ['inspection', 'maintenance'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('photoIds', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('photoIds').execute();
}
