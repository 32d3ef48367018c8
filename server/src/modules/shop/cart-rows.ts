/**
 * The one open cart of a customer at a location: found, or created with the id the
 * device chose, and a line id the device chose checked before it is used. A partial unique
 * index (migration one-cart) allows one NEW cart per company and location; when two first adds
 * race, the loser's insert hits it, rolls back to a savepoint (PostgreSQL aborts the whole
 * transaction otherwise) and reads the winner's cart instead.
 */
import { sql } from 'kysely';
import { uuidv7 } from '@domain/ids';
import type { Order } from '@domain/schemas/order';
import type { StoreKysely } from '@server/cms/rows';
import { HttpError } from '@server/plugins/errors';
import { newCart } from '@domain/rules/cart';
import { REGISTRY } from '@server/cms/registry';
import { findCarts, insertRow, rowExists } from './shop.repository';

const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', '23505']);
const isUniqueViolation = (err: unknown) =>
  UNIQUE_CODES.has(String((err as { code?: unknown }).code));

/**
 * The open cart of `companyId` at `locationId`, created when there is none. `wantedId` (the
 * device's id for a cart it made offline) is used when no row has it yet; a taken id — say
 * the device did not know its cart was submitted meanwhile — gets a fresh one: the line ids
 * are what keeps the device's rows and the server's the same.
 */
export async function cartFor(
  trx: StoreKysely,
  companyId: string,
  locationId: string,
  now: string,
  wantedId: string | undefined,
): Promise<Order> {
  const found = (await findCarts(trx, companyId, locationId))[0];
  if (found) return found;
  const id = wantedId && !(await rowExists(trx, 'order', wantedId)) ? wantedId : uuidv7();
  await sql`savepoint one_cart`.execute(trx);
  try {
    const cart = await insertRow(trx, 'order', { ...newCart(companyId, locationId, now), id });
    await sql`release savepoint one_cart`.execute(trx);
    return cart;
  } catch (err) {
    await sql`rollback to savepoint one_cart`.execute(trx);
    if (!isUniqueViolation(err)) throw err;
    const winner = (await findCarts(trx, companyId, locationId))[0];
    if (!winner) throw err;
    return winner;
  }
}

/**
 * A new line's id: the device's when given and unused by any row (deleted ones too). One of
 * the same customer's lines is this device's mistake: 409. Another customer's line must not
 * show through (a 409 would confirm that its id exists): the line gets a fresh id, as a taken
 * cart id does (cartFor).
 */
export async function newLineId(
  trx: StoreKysely,
  wanted: string | undefined,
  field: string,
  companyId: string,
) {
  if (!wanted) return uuidv7();
  const taken = await trx
    .selectFrom(REGISTRY.orderItem.table)
    .select('companyId')
    .where('id', '=', wanted)
    .executeTakeFirst();
  if (!taken) return wanted;
  if (taken.companyId === companyId) {
    throw new HttpError(409, 'duplicate', 'this line id is already used', field);
  }
  return uuidv7();
}
