import { sql, type Kysely } from 'kysely';

// The price list (CSV export and import) matches products by an article number.
// Products stored before get their id as article number — unique, and the office can
// rename it in the product screen. (Kysely's CamelCasePlugin maps the names to snake_case.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product').addColumn('articleNumber', 'varchar(64)').execute();
  await (db as Kysely<{ product: { id: string; articleNumber: string | null } }>)
    .updateTable('product')
    .set({ articleNumber: sql.ref('id') })
    .where('articleNumber', 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product').dropColumn('articleNumber').execute();
}
