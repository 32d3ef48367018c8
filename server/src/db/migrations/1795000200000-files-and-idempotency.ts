import type { Kysely } from 'kysely';

// Uploaded files (photos, signatures, documents, logos) and the stored results of writes sent
// with an Idempotency-Key, so that a repeated request returns the first answer (docs/sync.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('companyId', 'varchar(36)', (c) => c.references('company.id'))
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('entityId', 'varchar(36)')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mimeType', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('storagePath', 'varchar(500)', (c) => c.notNull())
    .addColumn('createdBy', 'varchar(36)', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .addColumn('deletedAt', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('file_entity_idx')
    .on('file')
    .columns(['entity', 'entityId'])
    .execute();
  await db.schema.createIndex('file_company_idx').on('file').column('companyId').execute();

  await db.schema
    .createTable('idempotencyKey')
    .addColumn('userId', 'varchar(36)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('statusCode', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['userId', 'key'])
    .execute();

  await db.schema.alterTable('users').addColumn('locale', 'varchar(10)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
  await db.schema.dropTable('idempotencyKey').execute();
  await db.schema.dropTable('file').execute();
}
