import type { Kysely } from 'kysely';

// The record names who approved a DGUV audit and when (screen and PDF).
// Audits approved before stay without (the report then says only "approved").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dguvAudit').addColumn('approvedBy', 'text').execute();
  await db.schema.alterTable('dguvAudit').addColumn('approvedAt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dguvAudit').dropColumn('approvedAt').execute();
  await db.schema.alterTable('dguvAudit').dropColumn('approvedBy').execute();
}
