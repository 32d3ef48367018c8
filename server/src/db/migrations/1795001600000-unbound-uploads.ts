import { sql, type Kysely } from 'kysely';

// A file may be uploaded for a row the device created offline and the
// server has not seen yet. Such an upload is "unbound" (`boundAt` null) until the row's
// create arrives; unbound uploads older than a week are purged. Every file stored before
// this migration belongs to an existing row: bound when it was created.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('file').addColumn('boundAt', 'varchar(40)').execute();
  await sql`update ${sql.table('file')} set ${sql.ref('boundAt')} = ${sql.ref('createdAt')}`.execute(
    db,
  );
  await db.schema
    .createIndex('file_unbound_idx')
    .on('file')
    .columns(['boundAt', 'createdAt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('file_unbound_idx').execute();
  await db.schema.alterTable('file').dropColumn('boundAt').execute();
}
