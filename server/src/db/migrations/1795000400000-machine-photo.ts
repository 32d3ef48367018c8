import type { Kysely } from 'kysely';

// Machines get a photo like their power units (machine and power-unit photos).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('machine').addColumn('photo', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('machine').dropColumn('photo').execute();
}
