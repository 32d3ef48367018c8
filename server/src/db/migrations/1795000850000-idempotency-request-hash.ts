import type { Kysely } from 'kysely';

// A reused Idempotency-Key with a different body is refused (422, IETF
// httpapi-idempotency-key-header), so the key remembers a fingerprint of the whole request.
// Rows stored before have none and are still compared by method and path only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotencyKey').addColumn('requestHash', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotencyKey').dropColumn('requestHash').execute();
}
