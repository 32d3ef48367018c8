import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The database file store (modules/files/blob-store-database.ts, FILE_STORE=database): one row
 * per blob, its key the path it has in DATA_DIR/files on disk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('blob')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blob').execute();
}
