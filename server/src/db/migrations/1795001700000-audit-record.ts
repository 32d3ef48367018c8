import { PostgresAdapter, type Kysely } from 'kysely';
import type { EntityStoreDb } from '../schema';
import { fillMissingSnapshots } from '@server/modules/dguv/audit-snapshot';

/**
 * The record made final (docs/dguv-record.md): a finished audit keeps a snapshot of what was
 * inspected, and an approved one the bytes of its PDF with their SHA-256. Audits finished
 * before get their snapshot from the rows as they are now; approved ones get their PDF on
 * its first request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('dguvAudit').addColumn('snapshot', 'text').execute();
  await db.schema
    .createTable('approvedReport')
    .addColumn('auditId', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('reportNumber', 'varchar(40)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('pdf', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('approved_report_number_idx')
    .on('approvedReport')
    .column('reportNumber')
    .execute();

  await fillMissingSnapshots(db.withTables<EntityStoreDb>());
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('approvedReport').execute();
  await db.schema.alterTable('dguvAudit').dropColumn('snapshot').execute();
}
