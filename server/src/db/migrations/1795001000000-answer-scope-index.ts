import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the server's hottest reads (load figures):
 * - a hose's DGUV answers are read in its customer's scope (`company_id = ? AND pipe_id IN …`);
 *   with one index per column SQLite's planner (no statistics) takes the customer's index and
 *   walks every answer the customer has — the pair finds a hose's answers directly;
 * - uniqueness ignoring case (hose code, manufacturer name, article number) is checked with
 *   `lower(column) = ?` on every create and rename: without an index on that expression each
 *   check reads the whole table (0.3 ms per hose at 12 000 hoses, growing).
 */
const LOWER = [
  ['pipe_code_lower_idx', 'pipe', 'code'],
  ['manufacturer_name_lower_idx', 'manufacturer', 'name'],
  ['product_article_number_lower_idx', 'product', 'article_number'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('dguv_answer_company_pipe_idx')
    .on('dguvAnswer')
    .columns(['companyId', 'pipeId'])
    .execute();
  // Live rows only, as the checks ask (`deleted_at IS NULL`).
  for (const [name, table, column] of LOWER) {
    await db.schema
      .createIndex(name)
      .on(table)
      .expression(sql`lower(${sql.ref(column)})`)
      .where(sql.ref('deletedAt'), 'is', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of LOWER) await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex('dguv_answer_company_pipe_idx').execute();
}
