import type { Kysely } from 'kysely';

// Migrations are frozen history: they take an untyped Kysely so later schema changes
// never make an old migration stop compiling.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('firstName', 'varchar(200)', (c) => c.notNull())
    .addColumn('lastName', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('customerId', 'varchar(36)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(40)', (c) => c.notNull())
    .addColumn('deletedAt', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('users_username_uq')
    .on('users')
    .column('username')
    .unique()
    .execute();
  await db.schema.createIndex('users_customer_idx').on('users').column('customerId').execute();

  await db.schema
    .createTable('oidcPayload')
    .addColumn('model', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(255)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grantId', 'varchar(255)')
    .addColumn('userCode', 'varchar(255)')
    .addColumn('uid', 'varchar(255)')
    .addColumn('expiresAt', 'varchar(40)')
    .addColumn('consumedAt', 'varchar(40)')
    .addPrimaryKeyConstraint('oidc_payload_pk', ['model', 'id'])
    .execute();
  await db.schema
    .createIndex('oidc_payload_grant_idx')
    .on('oidcPayload')
    .column('grantId')
    .execute();
  await db.schema.createIndex('oidc_payload_uid_idx').on('oidcPayload').column('uid').execute();
  await db.schema
    .createIndex('oidc_payload_expires_idx')
    .on('oidcPayload')
    .column('expiresAt')
    .execute();

  await db.schema
    .createTable('serverSecret')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customerBranding')
    .addColumn('customerId', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('primaryColor', 'varchar(32)')
    .addColumn('faviconUrl', 'varchar(500)')
    .addColumn('updatedAt', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customerBranding').execute();
  await db.schema.dropTable('serverSecret').execute();
  await db.schema.dropTable('oidcPayload').execute();
  await db.schema.dropTable('users').execute();
}
