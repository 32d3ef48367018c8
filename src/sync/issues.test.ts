// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow } from '../db/entity-repository';
import { addBlob, getBlob, markBlobFailed, markBlobUploaded } from '../db/blob-repository';
import { discardEntry, discardFailedBlob, retryEntry, retryFailedBlob } from './issues';
import { prepareBatch } from './push';
import {
  freshDb,
  mutatorFor,
  pendingBlob,
  pipeInput,
  pipeRow,
  seedMachine,
  serverRow,
  USER,
} from '@tests/fixtures/sync';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const reject = (localSeq: number) =>
  db.outbox
    .where('localSeq')
    .equals(localSeq)
    .modify({
      state: 'rejected',
      error: { status: 403, code: 'forbidden', message: 'not allowed' },
    });

describe('Sync issues actions', () => {
  it('retry sends a rejected entry again as a new call, and releases what waited for it', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'a' });
    await prepareBatch(db, USER);
    await reject(1);
    await mutate.update('machine', machineId, { comment: 'b' });
    expect(await prepareBatch(db, USER)).toBeNull();

    const [old] = await db.outbox.toArray();
    await retryEntry(db, old!.mutationId);
    const [again, held] = await db.outbox.orderBy('localSeq').toArray();
    expect(again).toMatchObject({ state: 'pending', seq: null, error: null });
    expect(again?.mutationId).not.toBe(old?.mutationId);
    expect(held?.dependsOn).toEqual([again?.mutationId]);
    const batch = await prepareBatch(db, USER);
    expect(batch?.entries.map((e) => e.seq)).toEqual([2]);
  });

  it('discard undoes the entry and the later changes of its record; other work is released', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'a', positionOnLocation: 'x' });
    await prepareBatch(db, USER);
    await reject(1);
    await mutate.update('machine', machineId, { comment: 'b' });
    const pipe = await mutate.create('pipe', pipeInput(machineId));
    const [rejected] = await db.outbox.toArray();

    await discardEntry(db, rejected!.mutationId);
    expect(await getRow(db, 'machine', machineId)).toMatchObject({
      comment: null,
      positionOnLocation: null,
    });
    expect(await getRow(db, 'pipe', pipe.id)).toEqual(pipe);
    expect((await db.outbox.toArray()).map((e) => e.recordId)).toEqual([pipe.id]);
    expect((await prepareBatch(db, USER))?.entries.map((e) => e.recordId)).toEqual([pipe.id]);
  });

  it('discarding a refused command removes the rows it showed and puts back the ones it changed', async () => {
    db = freshDb();
    const { companyId, machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const cart = serverRow({ id: '0190a0b0-0000-7000-8000-00000000c001', companyId, state: 'NEW' });
    await db.table('order').put(cart);
    const hose = pipeRow({
      id: '0190a0b0-0000-7000-8000-00000000c002',
      companyId,
      machineId,
      position: 1,
      code: 'T-000001',
    });
    const line = serverRow({ id: '0190a0b0-0000-7000-8000-00000000c003', companyId, quantity: 2 });
    const changedCart = { ...cart, comment: 'mine' };
    await mutate.command(
      'shop.configured',
      'POST',
      '/shop/configured',
      {},
      {
        recordId: line.id,
        rows: [
          { entity: 'pipe', row: hose },
          { entity: 'order', row: changedCart },
          { entity: 'orderItem', row: line },
        ],
      },
    );
    await prepareBatch(db, USER);
    await reject(1);

    const [refused] = await db.outbox.toArray();
    await discardEntry(db, refused!.mutationId);
    expect(await getRow(db, 'pipe', hose.id)).toBeUndefined();
    expect(await getRow(db, 'orderItem', line.id)).toBeUndefined();
    expect(await getRow(db, 'order', cart.id)).toEqual(cart);
    expect(await db.outbox.count()).toBe(0);
  });

  it('discarding the rejected photo of a machine lets the device drop the uploaded bytes', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const id = '0190a0b0-0000-7000-8000-00000000b003';
    await addBlob(db, pendingBlob(id, machineId));
    await mutate.update('machine', machineId, { photo: id });
    await prepareBatch(db, USER);
    await reject(1);
    // Uploaded while the write naming it waits: the bytes stay (the server gives the file only
    // once the row names it there).
    await markBlobUploaded(db, id);
    expect((await getBlob(db, id))?.data).toBeTruthy();
    const [rejected] = await db.outbox.toArray();
    await discardEntry(db, rejected!.mutationId);
    expect(await getBlob(db, id)).toMatchObject({ uploadState: 'uploaded', data: null });
  });

  it('a refused file: retry queues it again; discard deletes it and rejects the calls waiting for it', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const blob = (id: string) =>
      pendingBlob(id, machineId, { sha256: id.repeat(2), size: 10, name: `${id}.jpg` });
    const refused = { status: 413, code: 'too_large', message: 'file too large' };
    const keptId = '0190a0b0-0000-7000-8000-00000000b001';
    const goneId = '0190a0b0-0000-7000-8000-00000000b002';
    await addBlob(db, blob(keptId));
    await addBlob(db, blob(goneId));
    await markBlobFailed(db, keptId, refused);
    await markBlobFailed(db, goneId, refused);
    await mutate.update('machine', machineId, { photo: goneId });

    await retryFailedBlob(db, keptId);
    expect(await getBlob(db, keptId)).toMatchObject({ uploadState: 'pending', error: null });

    await discardFailedBlob(db, goneId);
    expect(await getBlob(db, goneId)).toBeUndefined();
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({
      state: 'rejected',
      error: { code: 'file_discarded', message: 'sync:files.discardedReason' },
    });
  });
});
