// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow } from '../db/entity-repository';
import { clientState } from '../db/meta-repository';
import type { PushResult } from '../domain/sync-contract';
import { prepareBatch } from './push';
import { applyPushResponse, keyRuns } from './push-results';
import {
  freshDb,
  mutatorFor,
  OTHER_USER,
  pipeInput,
  seedMachine,
  USER,
} from '@tests/fixtures/sync';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

/** Two queued calls, sent: a new hose and a machine edit. */
async function sentBatch() {
  db = freshDb();
  const seeded = await seedMachine(db);
  const mutate = mutatorFor(db);
  const pipe = await mutate.create('pipe', pipeInput(seeded.machineId));
  const machine = await mutate.update('machine', seeded.machineId, { comment: 'mine' });
  const batch = (await prepareBatch(db, USER))!;
  const [create, update] = batch.entries;
  return { ...seeded, pipe, machine, batch, create: create!, update: update! };
}

describe('keyRuns', () => {
  it('groups integer keys into runs of consecutive ones', () => {
    expect(keyRuns([7, 1, 3, 2, 9, 10])).toEqual([
      [1, 3],
      [7, 7],
      [9, 10],
    ]);
    expect(keyRuns([])).toEqual([]);
  });
});

describe('applyPushResponse', () => {
  it('deletes the answered entries by key range and keeps an entry lying between them', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mine = mutatorFor(db, USER);
    for (const position of [1, 2]) await mine.create('pipe', pipeInput(machineId, position));
    await mutatorFor(db, OTHER_USER).create('pipe', pipeInput(machineId, 3));
    for (const position of [4, 5]) await mine.create('pipe', pipeInput(machineId, position));
    const batch = (await prepareBatch(db, USER))!;
    const results: PushResult[] = batch.entries.map((e) => ({
      status: 'applied',
      mutationId: e.mutationId,
      seq: e.seq!,
      httpStatus: 201,
      result: null,
    }));
    const tally = await applyPushResponse(db, batch.entries, { results, lastProcessedSeq: 4 });
    expect(tally.applied).toBe(4);
    expect((await db.outbox.toArray()).map((e) => [e.localSeq, e.userId])).toEqual([
      [3, OTHER_USER],
    ]);
    // The answered entries' seqs leave the client state with them.
    expect((await clientState(db, USER)).numbered).toEqual([]);
  });

  it('writes the seq onto an entry it keeps, and the client state forgets it', async () => {
    const s = await sentBatch();
    expect((await clientState(db, USER)).numbered).toEqual([
      [s.create.localSeq, 1],
      [s.update.localSeq, 2],
    ]);
    // The server stopped after the create: the update goes again with the same seq.
    const results: PushResult[] = [
      { status: 'applied', mutationId: s.create.mutationId, seq: 1, httpStatus: 201, result: null },
    ];
    const tally = await applyPushResponse(db, s.batch.entries, { results, lastProcessedSeq: 1 });
    expect(tally).toMatchObject({ applied: 1, unanswered: 1 });
    expect((await db.outbox.toArray()).map((e) => [e.localSeq, e.seq, e.state])).toEqual([
      [s.update.localSeq, 2, 'pending'],
    ]);
    expect((await clientState(db, USER)).numbered).toEqual([]);
    expect((await prepareBatch(db, USER))?.entries.map((e) => e.seq)).toEqual([2]);
  });

  it('applied / duplicate: deletes the entries and stores the server rows', async () => {
    const s = await sentBatch();
    const pipeRow = {
      ...s.pipe,
      createdAt: '2026-02-01T10:00:00.000Z',
      updatedAt: '2026-02-01T10:00:00.000Z',
    };
    const machineRow = { ...s.machine, version: 4, updatedAt: '2026-02-01T10:00:01.000Z' };
    const results: PushResult[] = [
      {
        status: 'applied',
        mutationId: s.create.mutationId,
        seq: 1,
        httpStatus: 201,
        result: pipeRow,
      },
      {
        status: 'duplicate',
        mutationId: s.update.mutationId,
        seq: 2,
        httpStatus: 200,
        result: machineRow,
      },
    ];
    const tally = await applyPushResponse(db, s.batch.entries, { results, lastProcessedSeq: 2 });
    expect(tally).toMatchObject({ applied: 2, unanswered: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(await getRow(db, 'pipe', s.pipe.id)).toEqual(pipeRow);
    expect(await getRow(db, 'machine', s.machineId)).toEqual(machineRow);
  });

  it('conflict: keeps the entry, stores mine/theirs per field, the row shows mine over theirs', async () => {
    const s = await sentBatch();
    const theirs = { ...s.machine, version: 5, comment: 'theirs', positionOnLocation: 'Halle 9' };
    await applyPushResponse(db, s.batch.entries, {
      results: [
        {
          status: 'applied',
          mutationId: s.create.mutationId,
          seq: 1,
          httpStatus: 201,
          result: s.pipe,
        },
        {
          status: 'conflict',
          mutationId: s.update.mutationId,
          seq: 2,
          serverRow: theirs,
          fields: ['comment'],
        },
      ],
      lastProcessedSeq: 2,
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ mutationId: s.update.mutationId, state: 'conflict' });
    expect(await db.conflicts.get(s.update.mutationId)).toMatchObject({
      entity: 'machine',
      recordId: s.machineId,
      fields: ['comment'],
      mine: { comment: 'mine' },
      theirs: { comment: 'theirs' },
      serverRow: theirs,
    });
    expect(await getRow(db, 'machine', s.machineId)).toMatchObject({
      version: 5,
      comment: 'mine',
      positionOnLocation: 'Halle 9',
    });
  });

  it('rejected: keeps the entry with the error; never dropped', async () => {
    const s = await sentBatch();
    const error = { status: 400, code: 'validation', message: 'validation:format', field: 'code' };
    const tally = await applyPushResponse(db, s.batch.entries, {
      results: [{ status: 'rejected', mutationId: s.create.mutationId, seq: 1, error }],
      lastProcessedSeq: 1,
    });
    expect(tally).toMatchObject({ rejected: 1, unanswered: 1 });
    const [create, update] = await db.outbox.orderBy('localSeq').toArray();
    expect(create).toMatchObject({
      state: 'rejected',
      error,
      lastError: 'validation: validation:format',
      seq: 1,
    });
    expect(update).toMatchObject({ state: 'pending', seq: 2 });
    expect(await getRow(db, 'pipe', s.pipe.id)).toEqual(s.pipe);
  });

  it('deferred: keeps the entry and retries it after a delay; entries behind it stay pending', async () => {
    const s = await sentBatch();
    const tally = await applyPushResponse(
      db,
      s.batch.entries,
      {
        results: [
          { status: 'deferred', mutationId: s.create.mutationId, seq: 1, waitingFor: ['f1'] },
        ],
        lastProcessedSeq: 0,
      },
      10_000,
    );
    expect(tally).toMatchObject({ deferred: 1, unanswered: 1 });
    const [create, update] = await db.outbox.orderBy('localSeq').toArray();
    expect(create).toMatchObject({
      state: 'deferred',
      attempts: 1,
      lastError: 'waiting for files: f1',
    });
    expect(create?.nextAttemptAt).toBeGreaterThanOrEqual(10_000);
    expect(create?.nextAttemptAt).toBeLessThanOrEqual(11_000);
    expect(update).toMatchObject({ state: 'pending', seq: 2 });
  });

  it('refuses an entry sent again to a restored server when neither side holds its file', async () => {
    const s = await sentBatch();
    // The create came back from the kept answered entries (resend.ts); its photo f1 was dropped
    // from the device once the old server had it, f2 is still on the device to upload.
    const resent = { ...s.create, resent: true };
    await db.outbox.put(resent);
    await db.table('blobs').put({ id: 'f2', sha256: 'h', mimeType: 'image/jpeg', size: 1 });
    const answer = (waitingFor: string[]) => ({
      results: [
        { status: 'deferred' as const, mutationId: s.create.mutationId, seq: 1, waitingFor },
      ],
      lastProcessedSeq: 0,
    });
    expect(await applyPushResponse(db, [resent], answer(['f2']), 10_000)).toMatchObject({
      deferred: 1,
    });
    expect(await db.outbox.get(resent.localSeq)).toMatchObject({ state: 'deferred' });

    const tally = await applyPushResponse(db, [resent], answer(['f1', 'f2']), 20_000);
    expect(tally).toMatchObject({ rejected: 1, deferred: 0 });
    expect(await db.outbox.get(resent.localSeq)).toMatchObject({
      state: 'rejected',
      error: { status: 410, code: 'file_lost', message: 'sync:refusal.fileLost' },
    });
  });

  it('a stored failure answered as duplicate counts as rejected', async () => {
    const s = await sentBatch();
    await applyPushResponse(db, s.batch.entries, {
      results: [
        {
          status: 'duplicate',
          mutationId: s.create.mutationId,
          seq: 1,
          httpStatus: 403,
          result: { code: 'forbidden', message: 'not allowed' },
        },
      ],
      lastProcessedSeq: 1,
    });
    expect((await db.outbox.get(1))?.error).toEqual({
      status: 403,
      code: 'forbidden',
      message: 'not allowed',
    });
  });

  it('an applied delete removes the local row', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).remove('machine', machineId);
    const batch = (await prepareBatch(db, USER))!;
    await applyPushResponse(db, batch.entries, {
      results: [
        {
          status: 'applied',
          mutationId: batch.entries[0]!.mutationId,
          seq: 1,
          httpStatus: 200,
          result: { id: machineId, deleted: true },
        },
      ],
      lastProcessedSeq: 1,
    });
    expect(await db.table('machine').get(machineId)).toBeUndefined();
  });
});
