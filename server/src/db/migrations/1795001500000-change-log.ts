import { sql, type Kysely } from 'kysely';

// The change log — one row per entity row, naming the change seq of its last
// write, its entity, its scope (customer, or null for rows everybody sees) and the sync client
// whose push answer carried it. The pull feed reads it with one range scan on `seq` instead of
// one query per entity table; the announcer reads which scopes changed. Existing rows are
// carried over from each table's `change_seq`.
const ENTITY_TABLES: readonly (readonly [entity: string, table: string, scoped: boolean])[] = [
  ['company', 'company', true],
  ['location', 'location', true],
  ['contact', 'contact', true],
  ['companySettings', 'company_settings', false],
  ['manufacturer', 'manufacturer', false],
  ['machine', 'machine', true],
  ['aggregate', 'aggregate', true],
  ['tank', 'tank', true],
  ['valve', 'valve', true],
  ['filter', 'filter', true],
  ['memory', 'memory', true],
  ['consumer', 'consumer', true],
  ['controller', 'controller', true],
  ['safetyValve', 'safety_valve', true],
  ['motorPumpUnit', 'motor_pump_unit', true],
  ['product', 'product', false],
  ['pipe', 'pipe', true],
  ['signature', 'signature', true],
  ['dguvAudit', 'dguv_audit', true],
  ['dguvAnswer', 'dguv_answer', true],
  ['inspection', 'inspection', true],
  ['maintenance', 'maintenance', true],
  ['document', 'document', true],
  ['order', 'order', true],
  ['orderItem', 'order_item', true],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('changeLog')
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('entity', 'varchar(40)', (c) => c.notNull())
    .addColumn('rowId', 'varchar(36)', (c) => c.notNull())
    .addColumn('scope', 'varchar(36)')
    .addColumn('origin', 'varchar(36)')
    .addPrimaryKeyConstraint('change_log_pk', ['entity', 'rowId'])
    .execute();
  for (const [entity, table, scoped] of ENTITY_TABLES) {
    const scope = scoped ? sql.ref('company_id') : sql`null`;
    await sql`insert into change_log (seq, entity, row_id, scope, origin)
      select change_seq, ${entity}, id, ${scope}, null from ${sql.table(table)}`.execute(db);
  }
  // The feed's range scan, and the announcer's "which scopes changed after n".
  await db.schema.createIndex('change_log_seq_idx').on('changeLog').column('seq').execute();
  if (await isPostgres(db)) {
    // Every server instance LISTENs (sync/announcer.ts); PostgreSQL delivers at commit, once
    // per scope and transaction (identical notifications of one transaction are folded).
    await sql`create or replace function change_log_notify() returns trigger
      language plpgsql as $$
      begin
        perform pg_notify('change_log', coalesce(new.scope, ''));
        return null;
      end $$`.execute(db);
    await sql`create trigger change_log_notify after insert or update on change_log
      for each row execute function change_log_notify()`.execute(db);
  }
}

/** PostgreSQL has `version()`; SQLite has no such function (and a failed statement is harmless there). */
async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    const { rows } = await sql<{ v: string }>`select version() as v`.execute(db);
    return /postgres/i.test(String(rows[0]?.v ?? ''));
  } catch {
    return false;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop trigger if exists change_log_notify on change_log`.execute(db);
    await sql`drop function if exists change_log_notify()`.execute(db);
  }
  await db.schema.dropTable('changeLog').execute();
}
