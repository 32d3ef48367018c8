// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SchlauchDb } from '../db/database';
import type { PushRequest } from '../domain/sync-contract';
import type { FetchLike } from '../lib/api/http';
import { freshDb, mutatorFor, pipeInput, seedMachine } from '@tests/fixtures/sync';
import { emptyPage, json, testEngine } from '@tests/fixtures/sync-engine';

/**
 * A server that does not answer is shown as unreachable after the status
 * time-out (8 s), long before the call itself gives up; a slow answer that does come takes it
 * back. Only setTimeout is faked: IndexedDB (fake-indexeddb) keeps its own scheduling.
 */
let db: SchlauchDb;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await db?.delete();
});

/** A call that hangs until answered by the test, or aborted by the transport's time-out. */
interface Hanging {
  url: string;
  init: RequestInit;
  answer: (res: Response) => void;
}

/**
 * A server whose calls hang when `hang(url)` says so; the others answer at once (empty pull
 * page, every pushed mutation applied).
 */
function server(hang: (url: string) => boolean) {
  const waiting: Hanging[] = [];
  let arrived: () => void = () => undefined;
  const fetch: FetchLike = (url, init) => {
    if (!hang(url)) return Promise.resolve(answerFor(url, init));
    return new Promise((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      waiting.push({ url, init, answer: resolve });
      arrived();
    });
  };
  /** Resolves once a call is hanging. */
  const nextHang = () =>
    waiting.length > 0
      ? Promise.resolve(waiting.at(-1)!)
      : new Promise<Hanging>((resolve) => (arrived = () => resolve(waiting.at(-1)!)));
  return { fetch, nextHang, waiting };
}

function answerFor(url: string, init: RequestInit): Response {
  if (url.includes('/api/sync/pull')) return json(200, emptyPage);
  const body = JSON.parse(String(init.body)) as PushRequest;
  const results = body.mutations.map((m) => ({
    status: 'applied',
    mutationId: m.mutationId,
    seq: m.seq,
    httpStatus: 200,
    result: null,
  }));
  return json(200, { results, lastProcessedSeq: body.mutations.at(-1)?.seq ?? 0 });
}

function engineFor(fetch: FetchLike, statusTimeoutMs?: number) {
  return testEngine(db, fetch, statusTimeoutMs ? { statusTimeoutMs } : {}, { online: true });
}

async function pendingPipe() {
  db = freshDb();
  const { machineId } = await seedMachine(db);
  await mutatorFor(db).create('pipe', pipeInput(machineId));
}

describe('SyncEngine status time-out', () => {
  it('says unreachable after 8 s without an answer; a slow answer makes it reachable again', async () => {
    await pendingPipe();
    const s = server((url) => url.includes('/sync/push'));
    const { engine, store } = engineFor(s.fetch);
    const run = engine.syncOnce();
    const push = await s.nextHang();
    await vi.advanceTimersByTimeAsync(7_999);
    expect(store.getState()).toMatchObject({ online: true, syncing: true });
    await vi.advanceTimersByTimeAsync(1);
    // The header can say so now, while the call is still allowed to finish.
    expect(store.getState()).toMatchObject({ online: false, syncing: true });

    await vi.advanceTimersByTimeAsync(10_000);
    push.answer(answerFor(push.url, push.init));
    expect(await run).toEqual({ kind: 'ok' });
    expect(store.getState()).toMatchObject({ online: true, syncing: false, pending: 0 });
  });

  it('keeps the call’s own time-out: a push that never answers ends after 30 s, kept for a retry', async () => {
    await pendingPipe();
    const s = server((url) => url.includes('/sync/push'));
    const { engine, store } = engineFor(s.fetch);
    const run = engine.syncOnce();
    await s.nextHang();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(store.getState()).toMatchObject({ online: false, syncing: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toMatchObject({ kind: 'retry', error: 'offline' });
    expect(store.getState()).toMatchObject({ online: false, syncing: false, pending: 1 });
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['pending']);
  });

  it('gives a pull page up after 15 s without the answer beginning', async () => {
    db = freshDb();
    const s = server((url) => url.includes('/sync/pull'));
    const { engine, store } = engineFor(s.fetch);
    const run = engine.syncOnce();
    await s.nextHang();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(store.getState().syncing).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toMatchObject({ kind: 'retry', error: 'offline' });
    expect(store.getState().online).toBe(false);
  });

  it('takes the status time-out as an option', async () => {
    await pendingPipe();
    const s = server((url) => url.includes('/sync/pull'));
    const { engine, store } = engineFor(s.fetch, 2_000);
    const run = engine.syncOnce();
    const pull = await s.nextHang();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(store.getState().online).toBe(false);
    pull.answer(json(200, emptyPage));
    expect(await run).toEqual({ kind: 'ok' });
    expect(store.getState().online).toBe(true);
  });

  it('a gateway’s 502–504 answer does not count as the server answering', async () => {
    await pendingPipe();
    const s = server((url) => url.includes('/sync/pull'));
    const { engine, store } = engineFor(s.fetch);
    const run = engine.syncOnce();
    const pull = await s.nextHang();
    await vi.advanceTimersByTimeAsync(8_000);
    pull.answer(json(504, { status: 504, code: 'gateway_timeout', message: 'Gateway Timeout' }));
    expect(await run).toMatchObject({ kind: 'retry' });
    expect(store.getState().online).toBe(false);
  });
});
