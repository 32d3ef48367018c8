// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { clientState } from '../db/meta-repository';
import { HttpError } from '../lib/api/http-errors';
import { withWireSeqs } from './outbox';
import { prepareBatch, releaseBatch, sendBatch } from './push';
import {
  freshDb,
  mutatorFor,
  OTHER_USER,
  pipeInput,
  seedMachine,
  USER,
} from '@tests/fixtures/sync';
import type { Transport } from './transport';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const byLocal = () => db.outbox.orderBy('localSeq').toArray();
/** The entries with the seqs they were sent with (USER's stream). */
const wireSeqs = async () => withWireSeqs(await byLocal(), (await clientState(db, USER)).numbered);

describe('prepareBatch', () => {
  it('numbers the user’s entries 1, 2, 3 in the order made, in the client state alone', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mine = mutatorFor(db, USER);
    await mine.create('pipe', pipeInput(machineId, 1));
    await mutatorFor(db, OTHER_USER).create('pipe', pipeInput(machineId, 2));
    await mine.create('pipe', pipeInput(machineId, 3));
    const batch = await prepareBatch(db, USER);
    expect(batch?.entries.map((e) => [e.seq, e.localSeq, e.state])).toEqual([
      [1, 1, 'pending'],
      [2, 3, 'pending'],
    ]);
    // One write numbers the batch: its entries are not rewritten.
    expect((await byLocal()).map((e) => e.seq)).toEqual([null, null, null]);
    expect((await wireSeqs()).map((e) => e.seq)).toEqual([1, null, 2]);
    const client = await clientState(db, USER);
    expect(client).toMatchObject({
      lastSeq: 2,
      clientId: batch?.clientId,
      numbered: [
        [1, 1],
        [3, 2],
      ],
    });
    // The other user's stream is their own.
    expect((await clientState(db, OTHER_USER)).clientId).not.toBe(client.clientId);
  });

  it('sends numbered entries first with their seq, then new ones after them', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.create('pipe', pipeInput(machineId, 1));
    const first = (await prepareBatch(db, USER))!;
    await releaseBatch(db, first, 'offline', true);
    // The failure is written onto the entry, and its seq with it.
    expect((await byLocal()).map((e) => [e.seq, e.state])).toEqual([[1, 'pending']]);
    expect((await clientState(db, USER)).numbered).toEqual([]);
    await mutate.create('pipe', pipeInput(machineId, 2));
    const again = await prepareBatch(db, USER);
    expect(again?.entries.map((e) => [e.seq, e.attempts, e.lastError])).toEqual([
      [1, 1, 'offline'],
      [2, 0, null],
    ]);
  });

  it('holds the dependants of a rejected entry and keeps the sequence gapless', async () => {
    db = freshDb();
    const { machineId, companyId, manufacturerId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const machine = await mutate.create('machine', { companyId, manufacturerId, internalId: 'X' });
    await db.outbox.toCollection().modify({ seq: 1, state: 'rejected' });
    const child = await mutate.create('pipe', pipeInput(machine.id, 1));
    await mutate.update('pipe', child.id, { length: 10 }); // merged into the held create
    await mutate.create('pipe', pipeInput(machineId, 2));
    await db.meta.put({
      key: `client:${USER}`,
      value: { clientId: crypto.randomUUID(), lastSeq: 1, broken: null },
    });
    const batch = await prepareBatch(db, USER);
    expect(batch?.entries.map((e) => [e.localSeq, e.seq])).toEqual([[3, 2]]);
    expect((await wireSeqs()).map((e) => [e.state, e.seq])).toEqual([
      ['rejected', 1],
      ['pending', null],
      ['pending', 2],
    ]);
  });

  it('ends the batch before a second update of a record updated in it', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'a' });
    await db.outbox.toCollection().modify({ seq: 1, state: 'inflight' });
    await mutate.update('machine', machineId, { comment: 'b' });
    await db.outbox.where('localSeq').equals(1).modify({ state: 'pending', seq: null });
    await db.meta.clear();
    await db.meta.put({ key: 'localSeq', value: 2 });
    const batch = await prepareBatch(db, USER);
    expect(batch?.entries.map((e) => e.localSeq)).toEqual([1]);
  });

  it('takes at most the batch size', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    for (let i = 1; i <= 5; i++) await mutate.create('pipe', pipeInput(machineId, i));
    const batch = await prepareBatch(db, USER, Date.now(), 3);
    expect(batch?.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(await prepareBatch(db, USER, Date.now(), 3)).toMatchObject({
      entries: [{ seq: 1 }, { seq: 2 }, { seq: 3 }],
    });
  });

  it('waits while the first numbered entry is deferred and not yet due', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    await prepareBatch(db, USER);
    await db.outbox.toCollection().modify({ state: 'deferred', nextAttemptAt: 5_000 });
    expect(await prepareBatch(db, USER, 4_999)).toBeNull();
    expect(await prepareBatch(db, USER, 5_000)).toMatchObject({ entries: [{ seq: 1 }] });
  });
});

describe('sendBatch', () => {
  it('re-bases the stream where the server stands when it expects an earlier seq', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    await db.meta.put({
      key: `client:${USER}`,
      value: { clientId: crypto.randomUUID(), lastSeq: 6, broken: null },
    });
    const batch = (await prepareBatch(db, USER))!;
    expect(batch.entries.map((e) => e.seq)).toEqual([7, 8]);
    const gap = new HttpError(409, 'seq_gap', 'expected seq 3', {
      status: 409,
      code: 'seq_gap',
      message: 'expected seq 3',
      expectedSeq: 3,
    });
    const transport: Transport = { get: async () => null, post: async () => Promise.reject(gap) };
    await expect(sendBatch(db, transport, USER, batch)).rejects.toBe(gap);
    // The same entries, in the same order, numbered from where the server stands.
    const again = (await prepareBatch(db, USER))!;
    expect(again.clientId).toBe(batch.clientId);
    expect(again.entries.map((e) => [e.mutationId, e.seq])).toEqual(
      batch.entries.map((e, i) => [e.mutationId, 3 + i]),
    );
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    expect(await db.outbox.count()).toBe(3);
  });

  it('sends the wire form only', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    const batch = (await prepareBatch(db, USER))!;
    let sent: unknown;
    const transport: Transport = {
      get: async () => null,
      post: async (_path, body) => {
        sent = body;
        return { results: [], lastProcessedSeq: 0 };
      },
    };
    await sendBatch(db, transport, USER, batch);
    const mutation = (sent as { mutations: Record<string, unknown>[] }).mutations[0];
    expect(Object.keys(mutation ?? {}).sort()).toEqual(
      [
        'seq',
        'mutationId',
        'userId',
        'name',
        'method',
        'path',
        'body',
        'recordId',
        'baseVersion',
        'changedFields',
        'dependsOn',
        'schemaVersion',
        'performedAt',
      ].sort(),
    );
  });
});
