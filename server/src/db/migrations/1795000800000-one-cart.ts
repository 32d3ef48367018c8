import { sql, type Kysely } from 'kysely';

// One open cart (order in state NEW) per customer and location. Two first adds at
// the same moment used to create two carts; a partial unique index (SQLite and PostgreSQL
// both have them) lets only one in, and the shop service reads the winner's cart.
// Carts doubled by that race before this migration are merged first — the oldest keeps every
// line, the others are soft-deleted — each change with a new change number so devices pull it.

type Versioned = {
  id: string;
  version: number;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq: number;
};
type MigrationDb = {
  order: Versioned & { companyId: string; locationId: string; state: string; createdAt: string };
  orderItem: Versioned & { orderId: string };
  changeCounter: { id: number; value: number };
};

async function nextSeq(db: Kysely<MigrationDb>): Promise<number> {
  const row = await db
    .updateTable('changeCounter')
    .set((eb) => ({ value: eb(eb.ref('value'), '+', 1) }))
    .where('id', '=', 1)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

async function mergeDoubledCarts(db: Kysely<MigrationDb>): Promise<void> {
  const carts = await db
    .selectFrom('order')
    .select(['id', 'companyId', 'locationId'])
    .where('state', '=', 'NEW')
    .where('deletedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const keep = new Map<string, string>();
  const now = new Date().toISOString();
  const bump = async () => ({
    version: sql<number>`version + 1`,
    updatedAt: now,
    changeSeq: await nextSeq(db),
  });
  for (const cart of carts) {
    const key = `${cart.companyId}/${cart.locationId}`;
    const kept = keep.get(key);
    if (!kept) {
      keep.set(key, cart.id);
      continue;
    }
    const items = await db
      .selectFrom('orderItem')
      .select('id')
      .where('orderId', '=', cart.id)
      .execute();
    for (const item of items) {
      await db
        .updateTable('orderItem')
        .set({ orderId: kept, ...(await bump()) })
        .where('id', '=', item.id)
        .execute();
    }
    await db
      .updateTable('order')
      .set({ deletedAt: now, ...(await bump()) })
      .where('id', '=', cart.id)
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await mergeDoubledCarts(db.withTables<MigrationDb>());
  await db.schema
    .createIndex('order_one_cart_uq')
    .on('order')
    .columns(['companyId', 'locationId'])
    .unique()
    .where(sql.ref('state'), '=', 'NEW')
    .where(sql.ref('deletedAt'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_one_cart_uq').execute();
}
