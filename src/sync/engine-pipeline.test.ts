// @vitest-environment node
/**
 * The pipelined push: the next batch is numbered while one is on the wire and
 * sent as soon as its answer came back whole — against a stub that keeps the server's rule
 * (one gapless sequence per client; a seq that does not follow on is refused or stops it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import type { PushRequest } from '../domain/sync-contract';
import type { FetchLike } from '../lib/api/http';
import { clientState } from '../db/meta-repository';
import { FIRST_BATCH_MAX } from './engine';
import { withWireSeqs } from './outbox';
import { prepareBatch, releaseBatch } from './push';
import { freshDb, mutatorFor, pipeInput, seedMachine, USER } from '@tests/fixtures/sync';
import { emptyPage, json, testEngine } from '@tests/fixtures/sync-engine';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

interface Options {
  /** Answers of the n-th push request (0-based) stop after this many mutations. */
  stopAfter?: Map<number, number>;
  /** The n-th push request fails with this status. */
  failWith?: Map<number, number>;
}

/** A server that applies each seq once and in order, as push.service.ts does. */
function orderedServer(opts: Options = {}) {
  const requests: PushRequest[] = [];
  let lastSeq = 0;
  const applied: number[] = [];
  /** The outbox as it was when each push request arrived (localSeqs still queued). */
  const queuedAtRequest: number[][] = [];
  const fetch: FetchLike = async (url, init) => {
    if (url.includes('/api/sync/pull')) return json(200, emptyPage);
    const body = JSON.parse(String(init.body)) as PushRequest;
    const n = requests.length;
    requests.push(body);
    queuedAtRequest.push(await db.outbox.toCollection().primaryKeys());
    const failure = opts.failWith?.get(n);
    if (failure) return json(failure, { status: failure, code: 'x', message: 'refused' });
    const first = body.mutations[0]?.seq ?? 0;
    if (first > lastSeq + 1) {
      return json(409, {
        status: 409,
        code: 'seq_gap',
        message: 'gap',
        expectedSeq: lastSeq + 1,
      });
    }
    const results = [];
    for (const m of body.mutations) {
      if (results.length === (opts.stopAfter?.get(n) ?? Infinity)) break;
      if (m.seq <= lastSeq) {
        results.push({
          status: 'duplicate',
          mutationId: m.mutationId,
          seq: m.seq,
          httpStatus: 200,
          result: null,
        });
        continue;
      }
      if (m.seq !== lastSeq + 1) break;
      lastSeq = m.seq;
      applied.push(m.seq);
      results.push({
        status: 'applied',
        mutationId: m.mutationId,
        seq: m.seq,
        httpStatus: 200,
        result: null,
      });
    }
    return json(200, { results, lastProcessedSeq: lastSeq });
  };
  return { fetch, requests, applied, queuedAtRequest };
}

const engineFor = (fetch: FetchLike) => testEngine(db, fetch, { pushBatchMax: 2 }).engine;

async function queueHoses(n: number) {
  const { machineId } = await seedMachine(db);
  const mutate = mutatorFor(db);
  for (let i = 1; i <= n; i++) await mutate.create('pipe', pipeInput(machineId, i));
  return { machineId, mutate };
}

const seqsOf = (r: PushRequest) => r.mutations.map((m) => m.seq);

describe('pipelined push', () => {
  it('sends the next batch before the answer to the one before is stored', async () => {
    db = freshDb();
    await queueHoses(5);
    const server = orderedServer();
    expect(await engineFor(server.fetch).syncOnce()).toEqual({ kind: 'ok' });
    expect(server.requests.map(seqsOf)).toEqual([[1, 2], [3, 4], [5]]);
    expect(server.applied).toEqual([1, 2, 3, 4, 5]);
    // When the second request left, the first batch's entries were still queued.
    expect(server.queuedAtRequest[1]).toEqual([1, 2, 3, 4, 5]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a run starts with a small batch, then sends full ones', async () => {
    db = freshDb();
    await queueHoses(FIRST_BATCH_MAX + 250);
    const server = orderedServer();
    const { engine } = testEngine(db, server.fetch);
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(server.requests.map((r) => r.mutations.length)).toEqual([FIRST_BATCH_MAX, 200, 50]);
    expect(server.applied).toHaveLength(FIRST_BATCH_MAX + 250);
  });

  it('a batch answered in part puts the one numbered ahead back, and the sequence goes on', async () => {
    db = freshDb();
    await queueHoses(5);
    const server = orderedServer({ stopAfter: new Map([[0, 1]]) });
    expect(await engineFor(server.fetch).syncOnce()).toEqual({ kind: 'ok' });
    // Seq 2 was not answered: it is sent again first, then 3 and 4 (numbered ahead, unsent).
    expect(server.requests.map(seqsOf)).toEqual([
      [1, 2],
      [2, 3],
      [4, 5],
    ]);
    expect(server.applied).toEqual([1, 2, 3, 4, 5]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a failed request releases the batch numbered ahead without counting an attempt', async () => {
    db = freshDb();
    await queueHoses(5);
    const server = orderedServer({ failWith: new Map([[0, 503]]) });
    const engine = engineFor(server.fetch);
    expect(await engine.syncOnce()).toMatchObject({ kind: 'retry' });
    const stored = await db.outbox.orderBy('localSeq').toArray();
    // The batch numbered ahead was never sent: its entries were not written, their seqs are
    // in the client state.
    expect(stored.map((e) => e.seq)).toEqual([1, 2, null, null, null]);
    const queued = withWireSeqs(stored, (await clientState(db, USER)).numbered);
    expect(queued.map((e) => [e.seq, e.state, e.attempts, e.lastError])).toEqual([
      [1, 'pending', 1, 'refused'],
      [2, 'pending', 1, 'refused'],
      [3, 'pending', 0, null],
      [4, 'pending', 0, null],
      [null, 'pending', 0, null],
    ]);
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(server.requests.slice(1).map(seqsOf)).toEqual([[1, 2], [3, 4], [5]]);
    expect(server.applied).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('prepareBatch after a batch on the wire', () => {
  it('leaves out the entries of its records and their dependants, numbering the rest', async () => {
    db = freshDb();
    const { machineId, mutate } = await queueHoses(1);
    const onWire = (await prepareBatch(db, USER))!;
    const hose = onWire.entries[0]!.recordId!;
    await mutate.update('pipe', hose, { length: 10 }); // its record is on the wire
    await mutate.create('pipe', pipeInput(machineId, 2));
    const ahead = await prepareBatch(db, USER, Date.now(), 200, onWire);
    expect(ahead?.entries.map((e) => [e.localSeq, e.seq])).toEqual([[3, 2]]);
    const update = await db.outbox.get(2);
    expect([update?.seq, update?.state]).toEqual([null, 'pending']);
  });

  it('sends no batch ahead when a numbered entry waits for the batch on the wire', async () => {
    db = freshDb();
    await queueHoses(2);
    const both = (await prepareBatch(db, USER))!;
    await releaseBatch(db, both, 'offline', true);
    const [first, second] = both.entries;
    await db.outbox.update(second!.localSeq, { dependsOn: [first!.mutationId] });
    const onWire = (await prepareBatch(db, USER, Date.now(), 1))!;
    expect(onWire.entries.map((e) => e.seq)).toEqual([1]);
    expect(await prepareBatch(db, USER, Date.now(), 200, onWire)).toBeNull();
    await db.outbox.update(second!.localSeq, { dependsOn: [] });
    expect(
      (await prepareBatch(db, USER, Date.now(), 200, onWire))?.entries.map((e) => e.seq),
    ).toEqual([2]);
  });
});
