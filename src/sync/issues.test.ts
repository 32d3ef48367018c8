// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow } from '../db/entity-repository';
import { discardEntry, retryEntry } from './issues';
import { prepareBatch } from './push';
import { freshDb, mutatorFor, pipeInput, seedMachine, USER } from './test-fixtures';

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
});
