import type { Kysely } from 'kysely';

// The sync protocol (docs/sync.md): every entity row gets the change sequence number of its last
// write (assigned from one counter inside the writing transaction, so the order is the commit
// order on SQLite and PostgreSQL alike) and per-field versions for merging concurrent edits;
// the server remembers each client's last processed seq and every mutation's answer.
const ENTITY_TABLES = [
  'company',
  'location',
  'contact',
  'companySettings',
  'manufacturer',
  'machine',
  'aggregate',
  'tank',
  'valve',
  'filter',
  'memory',
  'consumer',
  'controller',
  'safetyValve',
  'motorPumpUnit',
  'product',
  'pipe',
  'signature',
  'dguvAudit',
  'dguvAnswer',
  'inspection',
  'maintenance',
  'document',
  'order',
  'orderItem',
];

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ENTITY_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('changeSeq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('fieldVersions', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .createIndex(`${snake(table)}_change_seq_idx`)
      .on(table)
      .column('changeSeq')
      .execute();
  }
  await db.schema
    .createTable('changeCounter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('changeCounter' as never)
    .values({ id: 1, value: 0 } as never)
    .execute();
  await db.schema
    .createTable('syncClient')
    .addColumn('clientId', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lastSeq', 'bigint', (c) => c.notNull())
    .addColumn('userId', 'varchar(36)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('syncMutation')
    .addColumn('clientId', 'varchar(36)', (c) => c.notNull())
    .addColumn('mutationId', 'varchar(36)', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_mutation_pk', ['clientId', 'mutationId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('syncMutation').execute();
  await db.schema.dropTable('syncClient').execute();
  await db.schema.dropTable('changeCounter').execute();
  for (const table of ENTITY_TABLES) {
    await db.schema.dropIndex(`${snake(table)}_change_seq_idx`).execute();
    await db.schema.alterTable(table).dropColumn('fieldVersions').execute();
    await db.schema.alterTable(table).dropColumn('changeSeq').execute();
  }
}
