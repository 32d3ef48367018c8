/**
 * Kysely access of the shop: entity rows through the registry's field conversions (so booleans
 * and JSON are stored like every other writer stores them), validated by the domain row schema
 * before every write, with `version`/`updatedAt` bumped on every change.
 */
import { insertEntity, updateEntity } from '@server/cms/entity-store';
import { ENTITY_SCHEMAS } from '@domain/entities';
import type { CompanySettings } from '@domain/schemas/admin';
import type { Company, Contact, Location } from '@domain/schemas/company';
import type { OrderState } from '@domain/schemas/enums';
import type { Machine } from '@domain/schemas/machine';
import type { Order, OrderItem } from '@domain/schemas/order';
import type { Pipe } from '@domain/schemas/pipe';
import type { Product } from '@domain/schemas/product';
import { REGISTRY } from '@server/cms/registry';
import { findVisible, rowFromDb, type StoreKysely } from '@server/cms/rows';
import type { Db } from '@server/db/database';
import type { AuthUser } from '@server/plugins/auth';

export interface ShopEntities {
  company: Company;
  location: Location;
  contact: Contact;
  companySettings: CompanySettings;
  machine: Machine;
  pipe: Pipe;
  product: Product;
  order: Order;
  orderItem: OrderItem;
}
export type ShopEntity = keyof ShopEntities;

export const cms = (db: Db) => db.store;

/**
 * Runs `fn` in one transaction: a new one, or the caller's when it already is one (so that a
 * generic Idempotency-Key wrapper can store the answer in the same transaction as the effect).
 */
export function inTransaction<T>(
  db: StoreKysely,
  fn: (trx: StoreKysely) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** A live row of `name` this user may see (customer users: their company only). */
export async function findForUser<N extends ShopEntity>(
  db: StoreKysely,
  user: AuthUser,
  name: N,
  id: string,
): Promise<ShopEntities[N] | undefined> {
  return (await findVisible(db, user, REGISTRY[name], id)) as ShopEntities[N] | undefined;
}

/** Live rows of `name` matching one column (e.g. all items of an order). */
export async function listBy<N extends ShopEntity>(
  db: StoreKysely,
  name: N,
  column: string,
  values: readonly string[],
): Promise<Array<ShopEntities[N]>> {
  if (values.length === 0) return [];
  const def = REGISTRY[name];
  const raw = await db
    .selectFrom(def.table)
    .selectAll()
    .where(column, 'in', [...values])
    .where('deletedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return raw.map((r) => rowFromDb(def, r) as ShopEntities[N]);
}

export async function insertRow<N extends ShopEntity>(
  db: StoreKysely,
  name: N,
  row: ShopEntities[N],
): Promise<ShopEntities[N]> {
  const def = REGISTRY[name];
  const parsed = ENTITY_SCHEMAS[name].row.parse(row) as ShopEntities[N];
  await insertEntity<ShopEntity>(db, def, parsed);
  return parsed;
}

/** Applies `patch`, bumps version and updatedAt; the whole new row must still parse. */
export async function updateRow<N extends ShopEntity>(
  db: StoreKysely,
  name: N,
  current: ShopEntities[N],
  patch: Partial<ShopEntities[N]>,
  now: string,
): Promise<ShopEntities[N]> {
  const def = REGISTRY[name];
  const changes = { ...patch, version: current.version + 1, updatedAt: now };
  const parsed = ENTITY_SCHEMAS[name].row.parse({ ...current, ...changes }) as ShopEntities[N];
  await updateEntity<ShopEntity>(db, def, current, parsed);
  return parsed;
}

/** Whether any row of `name` has this id, deleted rows and other customers' rows included. */
export async function rowExists(db: StoreKysely, name: ShopEntity, id: string): Promise<boolean> {
  const row = await db
    .selectFrom(REGISTRY[name].table)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The open carts (orders in NEW) of a customer, optionally of one location. */
export async function findCarts(
  db: StoreKysely,
  companyId: string,
  locationId: string | null,
): Promise<Order[]> {
  let q = db
    .selectFrom('order')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('state', '=', 'NEW')
    .where('deletedAt', 'is', null);
  if (locationId) q = q.where('locationId', '=', locationId);
  const raw = await q.orderBy('createdAt').orderBy('id').execute();
  return raw.map((r) => rowFromDb(REGISTRY.order, r) as Order);
}

/** Orders in the given states, newest submit first; `companyId` null: every customer's. */
export async function findOrders(
  db: StoreKysely,
  states: readonly OrderState[],
  companyId: string | null,
): Promise<Order[]> {
  let q = db
    .selectFrom('order')
    .selectAll()
    .where('state', 'in', [...states])
    .where('deletedAt', 'is', null);
  if (companyId) q = q.where('companyId', '=', companyId);
  const raw = await q.orderBy('submittedAt', 'desc').orderBy('createdAt', 'desc').execute();
  return raw.map((r) => rowFromDb(REGISTRY.order, r) as Order);
}

/** Every live, active product (the catalogue is small: hoses, fittings, accessories). */
export async function activeProducts(db: StoreKysely): Promise<Product[]> {
  const raw = await db
    .selectFrom('product')
    .selectAll()
    .where('deletedAt', 'is', null)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  return raw.map((r) => rowFromDb(REGISTRY.product, r) as Product);
}

/** The service company's settings (a singleton); null before anyone saved them. */
export async function companySettings(db: StoreKysely): Promise<CompanySettings | null> {
  const raw = await db
    .selectFrom('companySettings')
    .selectAll()
    .where('deletedAt', 'is', null)
    .orderBy('createdAt')
    .executeTakeFirst();
  return raw ? (rowFromDb(REGISTRY.companySettings, raw) as CompanySettings) : null;
}
