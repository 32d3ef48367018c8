// @vitest-environment node
/**
 * A command's change to its own record's row stays over the server rows that arrive before
 * its answer (rebase.ts, OutboxEntry `overlay`) — and stops once the server refused it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { rowTable } from '../db/entity-repository';
import { freshDb, mutatorFor, seedMachine, ORDER_ITEM, orderItemRow } from '@tests/fixtures/sync';
import { writeServerRow } from './rebase';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const line = () => rowTable(db, 'orderItem').get(ORDER_ITEM);

describe("a command's overlay", () => {
  it('keeps the last superseded quantity and a queued remove over pulled rows', async () => {
    db = freshDb();
    const { companyId } = await seedMachine(db);
    await rowTable(db, 'orderItem').put(orderItemRow(companyId, 1));
    const mutate = mutatorFor(db);
    const patch = (quantity: number) =>
      mutate.command(
        'shop.quantity',
        'PATCH',
        `/shop/item/${ORDER_ITEM}`,
        { quantity },
        {
          entity: 'orderItem',
          recordId: ORDER_ITEM,
          supersede: true,
          rows: [{ entity: 'orderItem', row: orderItemRow(companyId, quantity) }],
        },
      );
    await patch(2);
    await patch(5);
    const [entry] = await db.outbox.toArray();
    expect(entry?.overlay).toEqual({ quantity: 5, totalNetCents: 500 });

    // The server's row, renamed meanwhile, without the queued change.
    await writeServerRow(db, 'orderItem', { ...orderItemRow(companyId, 1, 2), name: 'H-1 neu' });
    expect(await line()).toMatchObject({ quantity: 5, totalNetCents: 500, name: 'H-1 neu' });

    await mutate.command('shop.remove', 'DELETE', `/shop/item/${ORDER_ITEM}`, undefined, {
      recordId: ORDER_ITEM,
      rows: [{ entity: 'orderItem', row: { ...orderItemRow(companyId, 5, 2), deletedAt: 'x' } }],
    });
    await writeServerRow(db, 'orderItem', orderItemRow(companyId, 1, 2));
    expect(await line()).toMatchObject({ quantity: 5, deletedAt: 'x' });
  });

  it('lets the server row show once the call was refused', async () => {
    db = freshDb();
    const { companyId } = await seedMachine(db);
    await rowTable(db, 'orderItem').put(orderItemRow(companyId, 1));
    const mutate = mutatorFor(db);
    const removed = await mutate.command(
      'shop.remove',
      'DELETE',
      `/shop/item/${ORDER_ITEM}`,
      undefined,
      {
        recordId: ORDER_ITEM,
        rows: [{ entity: 'orderItem', row: { ...orderItemRow(companyId, 1), deletedAt: 'x' } }],
      },
    );
    await db.outbox.put({ ...removed, state: 'rejected' });
    // The line the cart says could not be removed is shown again, as the server has it.
    await writeServerRow(db, 'orderItem', orderItemRow(companyId, 1, 2));
    expect(await line()).toMatchObject({ deletedAt: null, version: 2 });
  });
});
