// @vitest-environment node
/**
 * A command's change to its own record's row stays over the server rows that arrive before
 * its answer (rebase.ts, OutboxEntry `overlay`) — and stops once the server refused it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import type { StoredRow } from '../db/entity-tables';
import { rowTable } from '../db/entity-repository';
import { freshDb, mutatorFor, seedMachine } from '@tests/fixtures/sync';
import { writeServerRow } from './rebase';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const ITEM = '0190a000-0000-7000-8000-0000000000aa';
const item = (companyId: string, quantity: number, version = 1): StoredRow => ({
  id: ITEM,
  version,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  companyId,
  orderId: '0190a000-0000-7000-8000-0000000000bb',
  pipeId: '0190a000-0000-7000-8000-0000000000cc',
  quantity,
  name: 'H-1',
  unitNetCents: 100,
  assemblySurchargeCents: 10,
  totalNetCents: 100 * quantity,
  kind: null,
});
const line = () => rowTable(db, 'orderItem').get(ITEM);

describe("a command's overlay", () => {
  it('keeps the last superseded quantity and a queued remove over pulled rows', async () => {
    db = freshDb();
    const { companyId } = await seedMachine(db);
    await rowTable(db, 'orderItem').put(item(companyId, 1));
    const mutate = mutatorFor(db);
    const patch = (quantity: number) =>
      mutate.command(
        'shop.quantity',
        'PATCH',
        `/shop/item/${ITEM}`,
        { quantity },
        {
          entity: 'orderItem',
          recordId: ITEM,
          supersede: true,
          rows: [{ entity: 'orderItem', row: item(companyId, quantity) }],
        },
      );
    await patch(2);
    await patch(5);
    const [entry] = await db.outbox.toArray();
    expect(entry?.overlay).toEqual({ quantity: 5, totalNetCents: 500 });

    // The server's row, renamed meanwhile, without the queued change.
    await writeServerRow(db, 'orderItem', { ...item(companyId, 1, 2), name: 'H-1 neu' });
    expect(await line()).toMatchObject({ quantity: 5, totalNetCents: 500, name: 'H-1 neu' });

    await mutate.command('shop.remove', 'DELETE', `/shop/item/${ITEM}`, undefined, {
      recordId: ITEM,
      rows: [{ entity: 'orderItem', row: { ...item(companyId, 5, 2), deletedAt: 'x' } }],
    });
    await writeServerRow(db, 'orderItem', item(companyId, 1, 2));
    expect(await line()).toMatchObject({ quantity: 5, deletedAt: 'x' });
  });

  it('lets the server row show once the call was refused', async () => {
    db = freshDb();
    const { companyId } = await seedMachine(db);
    await rowTable(db, 'orderItem').put(item(companyId, 1));
    const mutate = mutatorFor(db);
    const removed = await mutate.command('shop.remove', 'DELETE', `/shop/item/${ITEM}`, undefined, {
      recordId: ITEM,
      rows: [{ entity: 'orderItem', row: { ...item(companyId, 1), deletedAt: 'x' } }],
    });
    await db.outbox.put({ ...removed, state: 'rejected' });
    // The line the cart says could not be removed is shown again, as the server has it.
    await writeServerRow(db, 'orderItem', item(companyId, 1, 2));
    expect(await line()).toMatchObject({ deletedAt: null, version: 2 });
  });
});
