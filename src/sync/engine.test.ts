// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import type { PushRequest } from '../domain/sync-contract';
import type { FetchLike } from '../lib/api/http';
import { SyncEngine } from './engine';
import {
  freshDb,
  mutatorFor,
  OTHER_USER,
  pipeInput,
  seedMachine,
  USER,
} from '@tests/fixtures/sync';
import { emptyPage, json, testEngine } from '@tests/fixtures/sync-engine';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

/** A server stub: empty pull feed; push answers every mutation 'applied' unless told otherwise. */
function stubServer(pushStatus: () => number = () => 200) {
  const pushes: PushRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    if (url.includes('/api/sync/pull')) return json(200, emptyPage);
    const body = JSON.parse(String(init.body)) as PushRequest;
    const status = pushStatus();
    if (status !== 200) return json(status, { status, code: 'x', message: 'refused' });
    pushes.push(body);
    const results = body.mutations.map((m) => ({
      status: 'applied',
      mutationId: m.mutationId,
      seq: m.seq,
      httpStatus: 200,
      result: null,
    }));
    return json(200, { results, lastProcessedSeq: body.mutations.at(-1)?.seq ?? 0 });
  };
  return { fetch, pushes };
}

function engineFor(fetch: FetchLike, opts: { userId?: string | null; token?: string | null } = {}) {
  return testEngine(db, fetch, {
    getToken: () => (opts.token === undefined ? 'token' : opts.token),
    getUserId: () => (opts.userId === undefined ? USER : opts.userId),
  });
}

describe('SyncEngine', () => {
  it('pulls, pushes the outbox, and reports an empty queue and the sync time', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    const server = stubServer();
    const { engine, store } = engineFor(server.fetch);
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(server.pushes).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(store.getState()).toMatchObject({
      pending: 0,
      problems: 0,
      syncing: false,
      lastError: null,
      pullProgress: { received: 0, done: true },
    });
    expect(store.getState().lastSyncAt).not.toBeNull();
  });

  it('never sends the entries of another user', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db, OTHER_USER).create('pipe', pipeInput(machineId, 1));
    await mutatorFor(db, USER).create('pipe', pipeInput(machineId, 2));
    const server = stubServer();
    await engineFor(server.fetch).engine.syncOnce();
    expect(server.pushes.flatMap((p) => p.mutations.map((m) => m.userId))).toEqual([USER]);
    expect((await db.outbox.toArray()).map((e) => [e.userId, e.state, e.seq])).toEqual([
      [OTHER_USER, 'pending', null],
    ]);
  });

  it('5xx: keeps every entry, counts the attempt and retries after a backoff delay', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    const { engine, store } = engineFor(stubServer(() => 503).fetch);
    const outcome = await engine.syncOnce();
    expect(outcome).toMatchObject({ kind: 'retry', retryInMs: 500 });
    expect(await engine.syncOnce()).toMatchObject({ kind: 'retry', retryInMs: 1_000 });
    expect((await db.outbox.toArray()).map((e) => [e.state, e.seq, e.attempts])).toEqual([
      ['pending', 1, 2],
    ]);
    expect(store.getState()).toMatchObject({ pending: 1, lastError: 'refused' });
  });

  it('401: waits for a token — the entry is not rejected and no attempt is counted', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    let calls = 0;
    const fetch: FetchLike = async (url) => {
      calls += 1;
      return url.includes('pull')
        ? json(200, emptyPage)
        : json(401, { status: 401, code: 'unauthorized', message: 'token invalid' });
    };
    const { engine, store } = engineFor(fetch);
    expect(await engine.syncOnce()).toEqual({ kind: 'auth' });
    expect((await db.outbox.toArray()).map((e) => [e.state, e.attempts])).toEqual([['pending', 0]]);
    expect(store.getState()).toMatchObject({ waitingForAuth: true, pending: 1, problems: 0 });
    const noToken = engineFor(fetch, { token: null });
    expect(await noToken.engine.syncOnce()).toEqual({ kind: 'auth' });
    // The push (first) was refused; nothing is pulled after it, and nothing sent without a token.
    expect(calls).toBe(1);
  });

  it('429: keeps the entry pending and retries no sooner than Retry-After', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    let limited = true;
    const server = stubServer();
    const fetch: FetchLike = async (url, init) => {
      if (!limited || url.includes('pull')) return server.fetch(url, init);
      return new Response(
        JSON.stringify({ status: 429, code: 'rate_limited', message: 'login:tooManyRequests' }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '42' } },
      );
    };
    const { engine } = engineFor(fetch);
    const outcome = await engine.syncOnce();
    expect(outcome).toMatchObject({ kind: 'retry' });
    // random 0.5 of the first backoff ceiling (1 s) would be 500 ms: Retry-After wins.
    expect(outcome.kind === 'retry' && outcome.retryInMs).toBe(42_000);
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['pending']);
    limited = false;
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(server.pushes).toHaveLength(1);
  });

  it('does nothing without a signed-in user', async () => {
    db = freshDb();
    const server = stubServer();
    expect(await engineFor(server.fetch, { userId: null }).engine.syncOnce()).toEqual({
      kind: 'signed-out',
    });
  });

  it('skips the run when another tab holds the sync lock', async () => {
    db = freshDb();
    const server = stubServer();
    const locks = {
      request: async (_name: string, _opts: unknown, cb: (lock: Lock | null) => Promise<void>) =>
        cb(null),
      query: async () => ({}),
    } as unknown as LockManager;
    const engine = new SyncEngine({
      db,
      fetch: server.fetch,
      getToken: () => 't',
      getUserId: () => USER,
      locks,
    });
    expect(await engine.syncOnce()).toEqual({ kind: 'busy' });
  });

  it('one run at a time: a second call joins the running one', async () => {
    db = freshDb();
    const { engine } = engineFor(stubServer().fetch);
    const [a, b] = [engine.syncOnce(), engine.syncOnce()];
    expect(a).toBe(b);
    await a;
  });
});

describe('SyncEngine without dead ends', () => {
  it('re-bases a stream the server does not know (restored server) and sends everything once', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId, 1));
    await mutatorFor(db).create('pipe', pipeInput(machineId, 2));
    // The device numbered up to 6 with a server that was then restored to an empty backup.
    await db.meta.put({
      key: `client:${USER}`,
      value: { clientId: crypto.randomUUID(), lastSeq: 6, broken: null },
    });
    let serverSeq = 0;
    const applied: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      if (url.includes('/api/sync/pull')) return json(200, emptyPage);
      const body = JSON.parse(String(init.body)) as PushRequest;
      if ((body.mutations[0]?.seq ?? 0) > serverSeq + 1) {
        const expectedSeq = serverSeq + 1;
        return json(409, { status: 409, code: 'seq_gap', message: 'gap', expectedSeq });
      }
      const results = body.mutations.map((m) => {
        serverSeq = m.seq;
        applied.push(m.mutationId);
        return {
          status: 'applied',
          mutationId: m.mutationId,
          seq: m.seq,
          httpStatus: 200,
          result: null,
        };
      });
      return json(200, { results, lastProcessedSeq: serverSeq });
    };
    const { engine } = engineFor(fetch);
    const ids = (await db.outbox.toArray()).map((e) => e.mutationId);
    expect((await engine.syncOnce()).kind).toBe('retry');
    expect(await db.outbox.count()).toBe(2);
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(applied).toEqual(ids);
    expect(await db.outbox.count()).toBe(0);
  });
});
