// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow } from '../db/entity-repository';
import { prepareBatch } from './push';
import { applyPushResponse } from './push-results';
import { overlayEntries } from './rebase';
import { freshDb, mutatorFor, seedMachine, serverRow, USER } from '@tests/fixtures/sync';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

describe('rebase', () => {
  it('lays updates (their changed fields only) and deletes over a server row, in order', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'one' });
    await db.outbox.toCollection().modify({ seq: 1 });
    await mutate.update('machine', machineId, { comment: 'two', machineType: 'Presse' });
    await mutate.remove('machine', machineId);
    const entries = await db.outbox.orderBy('localSeq').toArray();
    const server = serverRow({ id: machineId, version: 9, comment: 'srv', internalId: 'S' });
    const out = overlayEntries(server, entries);
    expect(out).toMatchObject({
      version: 9,
      comment: 'two',
      machineType: 'Presse',
      internalId: 'S',
    });
    expect(out.deletedAt).toBe(entries[2]?.performedAt);
    expect(server.comment).toBe('srv');
  });

  it('moves the baseVersion of a later unsent update of the record past our own applied one', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'a' });
    const batch = (await prepareBatch(db, USER))!;
    await mutate.update('machine', machineId, { comment: 'b' }); // made while the first is in flight
    const applied = serverRow({
      ...(await getRow(db, 'machine', machineId)),
      comment: 'a',
      version: 4,
    });
    await applyPushResponse(db, batch.entries, {
      results: [
        {
          status: 'applied',
          mutationId: batch.entries[0]!.mutationId,
          seq: 1,
          httpStatus: 200,
          result: applied,
        },
      ],
      lastProcessedSeq: 1,
    });
    const [later] = await db.outbox.toArray();
    expect(later).toMatchObject({
      baseVersion: 4,
      body: { data: { comment: 'b' }, baseVersion: 4 },
    });
    expect(await getRow(db, 'machine', machineId)).toMatchObject({ version: 4, comment: 'b' });
  });
});
