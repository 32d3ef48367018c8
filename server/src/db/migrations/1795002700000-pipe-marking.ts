import type { Kysely } from 'kysely';

/**
 * A hose keeps what its marking says and the photo it was read from (docs/dguv-record.md
 * "Reading the marking"): the maker printed on it and the marking photo's file id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pipe').addColumn('hoseManufacturer', 'varchar(100)').execute();
  await db.schema.alterTable('pipe').addColumn('markingPhotoId', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pipe').dropColumn('markingPhotoId').execute();
  await db.schema.alterTable('pipe').dropColumn('hoseManufacturer').execute();
}
