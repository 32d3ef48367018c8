import type { Kysely } from 'kysely';

/**
 * The record states why an audit was made and the reasons a check gives (docs/dguv-record.md):
 * the audit's occasion (audits made before were recurring ones), the documented extension
 * behind "OK" past the service life, why a defective hose is kept, and the first-use
 * checklist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('dguvAudit')
    .addColumn('occasion', 'varchar(64)', (c) => c.notNull().defaultTo('RECURRING'))
    .execute();
  await db.schema.alterTable('dguvAudit').addColumn('occasionEvent', 'varchar(64)').execute();
  await db.schema.alterTable('dguvAudit').addColumn('occasionNote', 'text').execute();
  await db.schema.alterTable('dguvAnswer').addColumn('extensionReason', 'text').execute();
  await db.schema.alterTable('dguvAnswer').addColumn('keepReason', 'text').execute();
  await db.schema.alterTable('dguvAnswer').addColumn('firstUseChecklist', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['firstUseChecklist', 'keepReason', 'extensionReason']) {
    await db.schema.alterTable('dguvAnswer').dropColumn(column).execute();
  }
  for (const column of ['occasionNote', 'occasionEvent', 'occasion']) {
    await db.schema.alterTable('dguvAudit').dropColumn(column).execute();
  }
}
