// @vitest-environment node
/** mutate.command's local rows and superseding of an unsent call (docs/api.md). */
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow } from '../db/entity-repository';
import { prepareBatch } from './push';
import { applyPushResponse } from './push-results';
import {
  freshDb,
  mutatorFor,
  seedMachine,
  USER,
  ORDER_ITEM,
  orderItemRow,
} from '@tests/fixtures/sync';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

describe('mutate.command', () => {
  it('writes the given rows with the call, in one step', async () => {
    db = freshDb();
    const { companyId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.command('shop.add', 'POST', '/shop/', [{ id: ORDER_ITEM }], {
      recordId: ORDER_ITEM,
      rows: [{ entity: 'orderItem', row: orderItemRow(companyId, 1) }],
    });
    expect(await getRow(db, 'orderItem', ORDER_ITEM)).toMatchObject({ quantity: 1 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('supersedes a still-unsent call of the same item instead of queueing a second', async () => {
    db = freshDb();
    const { companyId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const patch = (quantity: number) =>
      mutate.command(
        'shop.quantity',
        'PATCH',
        `/shop/item/${ORDER_ITEM}`,
        { quantity },
        {
          recordId: ORDER_ITEM,
          supersede: true,
          rows: [{ entity: 'orderItem', row: orderItemRow(companyId, quantity) }],
        },
      );
    await patch(1);
    await patch(12);
    await patch(120);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.body).toEqual({ quantity: 120 });

    // Once sent (a wire seq, in flight) it is left alone: the next change is a new call.
    const first = entries[0];
    if (!first) throw new Error('entry missing');
    await db.outbox.put({ ...first, seq: 1, state: 'inflight' });
    await patch(7);
    const after = await db.outbox.orderBy('localSeq').toArray();
    expect(after.map((e) => e.body)).toEqual([{ quantity: 120 }, { quantity: 7 }]);
    expect(after[1]?.dependsOn).toEqual([first.mutationId]);
  });

  it('never supersedes another call on the same item (a remove after a quantity change)', async () => {
    db = freshDb();
    const mutate = mutatorFor(db);
    const opts = { recordId: ORDER_ITEM, supersede: true };
    await mutate.command(
      'shop.quantity',
      'PATCH',
      `/shop/item/${ORDER_ITEM}`,
      { quantity: 3 },
      opts,
    );
    await mutate.command('shop.remove', 'DELETE', `/shop/item/${ORDER_ITEM}`, undefined, opts);
    expect((await db.outbox.toArray()).map((e) => e.method)).toEqual(['PATCH', 'DELETE']);
  });

  it("stores the changed line from the whole cart the server answers a line's call with", async () => {
    db = freshDb();
    const { companyId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.command(
      'shop.quantity',
      'PATCH',
      `/shop/item/${ORDER_ITEM}`,
      { quantity: 2 },
      {
        entity: 'orderItem',
        recordId: ORDER_ITEM,
        rows: [{ entity: 'orderItem', row: orderItemRow(companyId, 2) }],
      },
    );
    const batch = (await prepareBatch(db, USER))!;
    // A pull in between had put back the server's old quantity.
    await db.table('orderItem').put(orderItemRow(companyId, 1));
    const served = {
      ...orderItemRow(companyId, 2),
      version: 2,
      updatedAt: '2026-01-01T00:00:05.000Z',
    };
    const cart = { id: '0190a000-0000-7000-8000-0000000000bb', state: 'NEW', items: [served] };
    await applyPushResponse(db, batch.entries, {
      results: [
        {
          status: 'applied',
          mutationId: batch.entries[0]!.mutationId,
          seq: 1,
          httpStatus: 200,
          result: cart,
        },
      ],
      lastProcessedSeq: 1,
    });
    expect(await getRow(db, 'orderItem', ORDER_ITEM)).toMatchObject({ quantity: 2, version: 2 });
    expect(await db.outbox.count()).toBe(0);
  });
});
