// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { appendSyncLog, readSyncLog, SYNC_LOG_MAX, SYNC_LOG_PRUNE_EVERY } from '../db/sync-log';
import type { PushRequest } from '../domain/sync-contract';
import type { FetchLike } from '../lib/api/http';
import { exportSyncLog } from './flight-recorder';
import { freshDb, mutatorFor, pipeInput, seedMachine, USER } from '@tests/fixtures/sync';
import { emptyPage, json, testEngine } from '@tests/fixtures/sync-engine';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const TOKEN = 'eyJ-secret-access-token';

/**
 * A server that answers the first create `applied` (version 1), refuses a delete with
 * `not_found`, and then feeds the created row back at version 2 (another device's change).
 */
function server() {
  const created = new Map<string, Record<string, unknown>>();
  let pulls = 0;
  const fetch: FetchLike = async (url, init) => {
    expect(String(new Headers(init.headers).get('authorization'))).toContain(TOKEN);
    if (url.includes('/api/sync/pull')) {
      pulls += 1;
      if (pulls === 1) return json(200, emptyPage);
      const changes = [...created.values()].map((row) => ({
        entity: 'pipe',
        id: row.id,
        version: 2,
        row: { ...row, version: 2 },
      }));
      return json(200, { ...emptyPage, changes, nextCursor: '2' });
    }
    const body = JSON.parse(String(init.body)) as PushRequest;
    const results = body.mutations.map((m) => {
      if (m.method === 'DELETE') {
        return {
          status: 'rejected',
          mutationId: m.mutationId,
          seq: m.seq,
          error: { status: 404, code: 'not_found', message: 'Schlauch von Frau Müller fehlt' },
        };
      }
      const data = (m.body as { data: Record<string, unknown> }).data;
      const row = { ...data, version: 1, createdAt: 'x', updatedAt: 'x', deletedAt: null };
      created.set(String(data.id), row);
      return {
        status: 'applied',
        mutationId: m.mutationId,
        seq: m.seq,
        httpStatus: 200,
        result: row,
      };
    });
    return json(200, { results, lastProcessedSeq: body.mutations.at(-1)?.seq ?? 0 });
  };
  return { fetch };
}

describe('flight recorder', () => {
  it("follows a mutation from mutate() through push, answer and the pull, and a refusal's code", async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const pipe = await mutate.create('pipe', pipeInput(machineId));
    const entry = (await db.outbox.toArray()).find((e) => e.recordId === pipe.id)!;
    const { engine } = testEngine(db, server().fetch, { getToken: () => TOKEN });
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    await mutate.remove('pipe', pipe.id);
    const removal = (await db.outbox.toArray()).find((e) => e.kind === 'delete')!;
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });

    const log = await readSyncLog(db);
    const path = log
      .filter((e) => e.mutationId === entry.mutationId)
      .map((e) => [e.event, e.seq ?? null, e.version ?? null]);
    expect(path).toEqual([
      ['queued', null, null],
      ['sent', 1, null],
      ['applied', 1, 1],
    ]);
    expect(log.filter((e) => e.mutationId === removal.mutationId)).toMatchObject([
      { event: 'queued', entity: 'pipe', name: 'cms.delete', recordId: pipe.id },
      { event: 'sent', seq: 2 },
      { event: 'rejected', seq: 2, status: 404, code: 'not_found' },
      // The next pull brings the row another device changed: the last write on it is named.
      { event: 'pulled', entity: 'pipe', recordId: pipe.id, version: 2 },
    ]);
    // Events are in the order they happened.
    expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort((a, b) => a! - b!));
  });

  it('records a push request going out once, naming its first entry, first seq and size', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.create('pipe', pipeInput(machineId));
    await mutate.create('pipe', pipeInput(machineId, 2));
    const [first] = await db.outbox.orderBy(':id').toArray();
    const { engine } = testEngine(db, server().fetch, { getToken: () => TOKEN });
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    const log = await readSyncLog(db);
    expect(log.filter((e) => e.event === 'sent')).toMatchObject([
      { mutationId: first!.mutationId, seq: 1, count: 2 },
    ]);
    expect(log.filter((e) => e.event === 'applied').map((e) => e.seq)).toEqual([1, 2]);
  });

  it('records a push that failed as a whole with its code, once per request', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId));
    await mutatorFor(db).create('pipe', pipeInput(machineId, 2));
    const fetch: FetchLike = async () =>
      json(503, { status: 503, code: 'unavailable', message: 'x' });
    const { engine } = testEngine(db, fetch);
    expect((await engine.syncOnce()).kind).toBe('retry');
    const failed = (await readSyncLog(db)).filter((e) => e.event === 'push-failed');
    expect(failed).toMatchObject([{ status: 503, code: 'unavailable', count: 2, seq: 1 }]);
  });

  it(`keeps only the newest ${SYNC_LOG_MAX} events`, async () => {
    db = freshDb();
    const event = (i: number) => ({
      event: 'sent' as const,
      mutationId: null,
      entity: null,
      seq: i,
    });
    for (let i = 0; i < 3; i++) {
      await appendSyncLog(
        db,
        Array.from({ length: 900 }, (_, j) => event(i * 900 + j)),
      );
    }
    await appendSyncLog(db, [event(2700)]);
    const log = await readSyncLog(db);
    expect(log).toHaveLength(SYNC_LOG_MAX);
    expect(log[0]!.seq).toBe(2701 - SYNC_LOG_MAX);
    expect(log.at(-1)!.seq).toBe(2700);
  });

  it('prunes once per window of single appends, never holding more than that window extra', async () => {
    db = freshDb();
    const event = (i: number) => ({
      event: 'sent' as const,
      mutationId: null,
      entity: null,
      seq: i,
    });
    await appendSyncLog(
      db,
      Array.from({ length: SYNC_LOG_MAX }, (_, i) => event(i)),
    );
    let most = 0;
    for (let i = SYNC_LOG_MAX; i < SYNC_LOG_MAX + 3 * SYNC_LOG_PRUNE_EVERY + 7; i++) {
      await appendSyncLog(db, [event(i)]);
      most = Math.max(most, await db.syncLog.count());
    }
    expect(most).toBe(SYNC_LOG_MAX + SYNC_LOG_PRUNE_EVERY - 1);
    const log = await readSyncLog(db);
    expect(log).toHaveLength(SYNC_LOG_MAX);
    expect(log.at(-1)!.seq).toBe(SYNC_LOG_MAX + 3 * SYNC_LOG_PRUNE_EVERY + 6);
    expect(log[0]!.seq).toBe(3 * SYNC_LOG_PRUNE_EVERY + 7);
  });

  it('exports ids and codes, never a token, a message or what the user typed', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const pipe = await mutate.create('pipe', {
      ...pipeInput(machineId),
      comment: 'Frau Müller, Tel 0171',
    });
    await mutate.remove('pipe', pipe.id);
    const { engine } = testEngine(db, server().fetch, { getToken: () => TOKEN });
    await engine.syncOnce();
    await engine.syncOnce();
    const file = await exportSyncLog(db, USER, new Date('2026-11-28T10:00:00Z'));
    const stream = (await db.meta.get(`client:${USER}`))!.value as { clientId: string };
    expect(file.fileName).toBe(`sync-log-${stream.clientId}-2026-11-28.json`);
    const doc = JSON.parse(file.json) as { deviceId: string; events: unknown[] };
    expect(doc.deviceId).toBe(stream.clientId);
    expect(doc.events.length).toBeGreaterThan(3);
    expect(file.json).toContain(pipe.id);
    expect(file.json).not.toContain(TOKEN);
    expect(file.json).not.toContain('Müller');
    expect(file.json).not.toContain('0171');
  });
});
