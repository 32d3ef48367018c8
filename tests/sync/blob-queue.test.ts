// @vitest-environment node
/**
 * The blob queue against the REAL server in-process: captured files are uploaded under the
 * client's id, an upload cut halfway is resumed without a second file, and a signature whose
 * `content` references a not-yet-uploaded file is deferred until the queue uploaded it.
 */
import { createHash } from 'node:crypto';
import { Dexie } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareVersions } from '@db/database';
import { getBlob, markBlobRetry } from '@db/blob-repository';
import { uuidv7 } from '@domain/ids';
import { captureImage } from '@sync/blob-capture';
import { BlobQueue } from '@sync/blob-queue';
import { tinyJpeg, tinyPng } from '../helpers/files';
import type { Fault } from '../helpers/inject-fetch';
import { testDatabases } from '../helpers/server';
import { device, pushes, serverRows, startWorld, type Device, type World } from './harness';

const identity = (b: Blob) => Promise.resolve(b);
/** A Buffer as a BlobPart (TS: Buffer may sit on a SharedArrayBuffer). */
const u8 = (b: Buffer) => new Uint8Array(b);
const sha = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/**
 * A fetch for uploads: multipart bodies (which tests/helpers/inject-fetch.ts does not carry)
 * are encoded like a browser would and injected, with the same faults: 'network-error' never
 * reaches the server, 'drop-response' is handled by it and the answer lost.
 */
function uploadFetch(w: World, faults: Fault[] = []) {
  const calls: { status: number | null; fault: Fault | null }[] = [];
  const fetchFn = async (input: string, init: RequestInit): Promise<Response> => {
    const fault = faults.shift() ?? null;
    const call = { status: null as number | null, fault };
    calls.push(call);
    if (fault === 'network-error') throw new TypeError('fetch failed');
    if (fault === 'fail-503') {
      call.status = 503;
      return new Response('{"code":"unavailable"}', { status: 503 });
    }
    const req = new Request(input, { method: init.method ?? 'GET', body: init.body ?? null });
    const res = await w.s.app.inject({
      method: 'POST',
      url: new URL(input).pathname,
      headers: {
        ...(init.headers as Record<string, string>),
        'content-type': req.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    call.status = res.statusCode;
    if (fault === 'drop-response') throw new TypeError('connection reset after the request');
    return new Response(res.body, { status: res.statusCode });
  };
  return Object.assign(fetchFn, { calls });
}

describe.each(testDatabases())('blob queue on $name', ({ env }) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(env);
  });
  afterAll(async () => {
    await w.s.close();
  });

  const queueOf = (d: Device, fetchFn: ReturnType<typeof uploadFetch>, onUploaded?: () => void) =>
    new BlobQueue({
      db: d.db,
      fetch: fetchFn,
      getToken: () => d.token.current,
      baseUrl: 'http://localhost',
      random: () => 0,
      store: d.store,
      ...(onUploaded ? { onUploaded } : {}),
    });

  const filesWithId = (id: string) =>
    w.s.db.kysely.selectFrom('file').selectAll().where('id', '=', id).execute();

  const download = async (fileId: string) => {
    const res = await w.s.app.inject({
      method: 'GET',
      url: `/api/cms/machine/download/${w.staff.id}/${fileId}/file`,
      headers: { authorization: `Bearer ${w.staff.token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('uploads a captured PNG under its id; the server has the same sha256', async () => {
    const d = device(w, w.staff);
    const png = tinyPng();
    const id = await captureImage(new File([u8(png)], 'hose.png'), {
      entity: 'machine',
      rowId: w.ids.machine,
      keepType: true,
      compress: identity,
      db: d.db,
    });
    const f = uploadFetch(w);
    const queue = queueOf(d, f);
    await queue.refreshCounts();
    expect(d.store.getState().blobsPending).toBe(1);
    expect(await queue.run()).toEqual({ kind: 'ok', uploaded: 1, failed: 0 });
    expect(f.calls).toEqual([{ status: 201, fault: null }]);
    expect(sha(await download(id))).toBe(sha(png));
    const [row] = await filesWithId(id);
    expect(row).toMatchObject({ sha256: sha(png), entityId: w.ids.machine });
    expect(await getBlob(d.db, id)).toMatchObject({ uploadState: 'uploaded', data: null });
    expect(d.store.getState()).toMatchObject({ blobsPending: 0, blobsFailed: 0 });
    expect(await queue.run()).toEqual({ kind: 'ok', uploaded: 0, failed: 0 });
    expect(f.calls).toHaveLength(1);
  });

  it.each<[string, Fault]>([
    ['before the server got it', 'network-error'],
    ['after the server stored it', 'drop-response'],
  ])('an upload cut %s resumes on the next run; the server has one file', async (_, fault) => {
    const d = device(w, w.staff);
    const jpeg = tinyJpeg();
    const id = await captureImage(new Blob([u8(jpeg)]), {
      entity: 'machine',
      rowId: w.ids.machine,
      compress: identity,
      db: d.db,
    });
    const f = uploadFetch(w, [fault]);
    const queue = queueOf(d, f);
    expect(await queue.run()).toEqual({ kind: 'retry', uploaded: 0, retryInMs: 0 });
    expect(await getBlob(d.db, id)).toMatchObject({
      uploadState: 'pending',
      attempts: 1,
      lastError: 'offline',
    });
    expect(await queue.run()).toEqual({ kind: 'ok', uploaded: 1, failed: 0 });
    expect(f.calls.map((c) => c.status)).toEqual(
      fault === 'network-error' ? [null, 201] : [201, 200],
    );
    const rows = await filesWithId(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sha256: sha(jpeg) });
    expect(await getBlob(d.db, id)).toMatchObject({ uploadState: 'uploaded', data: null });
  });

  it('a photo an older app version stored as a Blob uploads byte-identical after the upgrade', async () => {
    const name = `device-${uuidv7()}`;
    const png = tinyPng();
    const id = uuidv7();
    const v7 = declareVersions(new Dexie(name), 7);
    await v7.table('blobs').put({
      id,
      entity: 'machine',
      rowId: w.ids.machine,
      sha256: sha(png),
      mimeType: 'image/png',
      size: png.length,
      name: 'old.png',
      data: new Blob([u8(png)], { type: 'image/png' }),
      uploadState: 'pending',
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      error: null,
      createdAt: new Date().toISOString(),
    });
    v7.close();
    const d = device(w, w.staff, name);
    expect(await queueOf(d, uploadFetch(w)).run()).toEqual({ kind: 'ok', uploaded: 1, failed: 0 });
    expect(sha(await download(id))).toBe(sha(png));
    expect(await filesWithId(id)).toMatchObject([{ sha256: sha(png) }]);
  });

  it('when the network is back, files held back for want of it upload at once; a busy server keeps its delay', async () => {
    const d = device(w, w.staff);
    const capture = () =>
      captureImage(new Blob([u8(tinyJpeg())]), {
        entity: 'machine',
        rowId: w.ids.machine,
        compress: identity,
        db: d.db,
      });
    const [offline, busy] = [await capture(), await capture()];
    const later = Date.now() + 5 * 60_000;
    // Both were tried before: the next try is minutes away (kept across restarts).
    await markBlobRetry(d.db, offline, 'offline', later);
    await markBlobRetry(d.db, busy, '429 slow down', later);
    const f = uploadFetch(w);
    const queue = queueOf(d, f);
    expect(await queue.run()).toEqual({ kind: 'ok', uploaded: 0, failed: 0 });

    await queue.networkBack();
    expect(await getBlob(d.db, offline)).toMatchObject({ uploadState: 'uploaded' });
    expect(await getBlob(d.db, busy)).toMatchObject({
      uploadState: 'pending',
      nextAttemptAt: later,
    });
    expect(f.calls.map((c) => c.status)).toEqual([201]);
  });

  it('a file the server refuses (not JPG/PNG) is kept as failed, never retried', async () => {
    const d = device(w, w.staff);
    // Bypasses the capture check on purpose: what the server does with a wrong type.
    const id = await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId: w.ids.machine,
      compress: identity,
      db: d.db,
    });
    await d.db.blobs.update(id, {
      data: { bytes: new TextEncoder().encode('GIF89a nope').buffer, type: 'image/png' },
    });
    const f = uploadFetch(w);
    const queue = queueOf(d, f);
    expect(await queue.run()).toEqual({ kind: 'ok', uploaded: 0, failed: 1 });
    expect(await getBlob(d.db, id)).toMatchObject({
      uploadState: 'failed',
      error: { status: 415, code: 'unsupported_type' },
    });
    expect(d.store.getState()).toMatchObject({ blobsPending: 0, blobsFailed: 1 });
    await queue.run();
    expect(f.calls).toHaveLength(1);
    expect(await filesWithId(id)).toHaveLength(0);
  });

  it("a busy server's Retry-After is waited out; the file is kept and sent later", async () => {
    const d = device(w, w.staff);
    const id = await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId: w.ids.machine,
      compress: identity,
      db: d.db,
    });
    const busy = Object.assign(
      async () =>
        new Response('{"status":429,"code":"rate_limited","message":"slow down"}', {
          status: 429,
          headers: { 'retry-after': '30' },
        }),
      { calls: [] },
    );
    const before = Date.now();
    expect(await queueOf(d, busy).run()).toEqual({ kind: 'retry', uploaded: 0, retryInMs: 30_000 });
    const blob = await getBlob(d.db, id);
    expect(blob).toMatchObject({ uploadState: 'pending', attempts: 1, lastError: '429 slow down' });
    expect(blob?.nextAttemptAt).toBeGreaterThanOrEqual(before + 30_000);
    const later = new BlobQueue({
      db: d.db,
      fetch: uploadFetch(w),
      getToken: () => d.token.current,
      baseUrl: 'http://localhost',
      store: d.store,
      now: () => Date.now() + 30_000,
    });
    expect(await later.run()).toMatchObject({ kind: 'ok', uploaded: 1 });
  });

  it('without a token the queue stops and keeps everything', async () => {
    const d = device(w, w.staff);
    const id = await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId: w.ids.machine,
      compress: identity,
      db: d.db,
    });
    const f = uploadFetch(w);
    const queue = queueOf(d, f);
    d.token.current = null;
    expect(await queue.run()).toEqual({ kind: 'auth', uploaded: 0 });
    expect(f.calls).toHaveLength(0);
    d.token.current = 'not-a-valid-token';
    expect(await queue.run()).toEqual({ kind: 'auth', uploaded: 0 });
    expect(f.calls.map((c) => c.status)).toEqual([401]);
    expect(await getBlob(d.db, id)).toMatchObject({ uploadState: 'pending', attempts: 0 });
    d.token.current = w.staff.token;
    expect(await queue.run()).toMatchObject({ kind: 'ok', uploaded: 1 });
  });

  it('uploads at most two files at a time', async () => {
    const d = device(w, w.staff);
    for (let i = 0; i < 5; i++) {
      await captureImage(new Blob([u8(tinyPng()), u8(Buffer.from([i]))]), {
        entity: 'machine',
        rowId: w.ids.machine,
        compress: identity,
        db: d.db,
      });
    }
    const inner = uploadFetch(w);
    let open = 0;
    let most = 0;
    const counting = Object.assign(
      async (input: string, init: RequestInit) => {
        most = Math.max(most, ++open);
        try {
          await new Promise((r) => setTimeout(r, 5));
          return await inner(input, init);
        } finally {
          open--;
        }
      },
      { calls: inner.calls },
    );
    expect(await queueOf(d, counting).run()).toEqual({ kind: 'ok', uploaded: 5, failed: 0 });
    expect(most).toBe(2);
  });

  it('a signature referencing a file not yet uploaded is deferred, then applied after the upload', async () => {
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    // The signature's image belongs to another, existing row (here the machine).
    const fileId = await captureImage(new File([u8(tinyPng())], 'audit-signature.png'), {
      entity: 'machine',
      rowId: w.ids.machine,
      keepType: true,
      compress: identity,
      db: d.db,
    });
    const signature = await d.mutate.create('signature', {
      companyId: w.ids.company,
      auditor: 'Max Prüfer',
      name: 'audit-signature.png',
      mimeType: 'image/png',
      referenceDate: new Date().toISOString(),
      content: fileId,
    });
    const signatureId = signature.id;

    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    const [entry] = await d.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'deferred' });
    expect(await serverRows(w, 'audit/signature', 'id', signatureId)).toHaveLength(0);

    let asked = 0;
    const queue = queueOf(d, uploadFetch(w), () => asked++);
    expect(await queue.run()).toEqual({ kind: 'ok', uploaded: 1, failed: 0 });
    expect(asked).toBe(1);
    // The deferred entry is due at once (not after its backoff delay).
    expect((await d.db.outbox.toArray())[0]).toMatchObject({ nextAttemptAt: null });

    const before = pushes(d).length;
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(pushes(d).length).toBeGreaterThan(before);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await serverRows(w, 'audit/signature', 'id', signatureId)).toEqual([
      expect.objectContaining({ content: fileId, name: 'audit-signature.png' }),
    ]);
  });

  it('a machine created offline with its photo: one create, the upload before the row exists', async () => {
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    // The photo is captured for the new row before the row exists on the server (
    // item 3): the create carries it, the server defers the create until the upload is there,
    // and accepts the upload for the id nobody has used yet.
    const machineId = uuidv7();
    const photo = await captureImage(new File([u8(tinyJpeg())], 'machine.jpg'), {
      entity: 'machine',
      rowId: machineId,
      compress: identity,
      db: d.db,
    });
    await d.mutate.create('machine', {
      id: machineId,
      companyId: w.ids.company,
      manufacturerId: w.ids.manufacturer,
      internalId: 'PHOTO-1',
      photo,
    });
    const queued = await d.db.outbox.orderBy('localSeq').toArray();
    expect(
      queued.map((e) => [e.kind, (e.body as { data: { photo?: string } }).data.photo]),
    ).toEqual([['create', photo]]);

    const queue = queueOf(d, uploadFetch(w));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await d.db.outbox.toArray()).toEqual([expect.objectContaining({ state: 'deferred' })]);
    expect(await serverRows(w, 'machine', 'id', machineId)).toEqual([]);
    expect(await queue.run()).toEqual({ kind: 'ok', uploaded: 1, failed: 0 });
    const stored = await w.s.db.kysely
      .selectFrom('file')
      .selectAll()
      .where('id', '=', photo)
      .execute();
    expect(stored).toEqual([expect.objectContaining({ entityId: machineId, boundAt: null })]);
    // The device keeps showing its own copy until the server has the row naming the file.
    expect((await getBlob(d.db, photo))?.data).toBeTruthy();
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await d.db.outbox.count()).toBe(0);
    expect(await getBlob(d.db, photo)).toMatchObject({ uploadState: 'uploaded', data: null });
    expect(await serverRows(w, 'machine', 'id', machineId)).toEqual([
      expect.objectContaining({ internalId: 'PHOTO-1', photo }),
    ]);
    // The create bound the upload to its row and customer.
    const bound = await w.s.db.kysely
      .selectFrom('file')
      .selectAll()
      .where('id', '=', photo)
      .execute();
    expect(bound).toEqual([
      expect.objectContaining({ companyId: w.ids.company, boundAt: expect.any(String) }),
    ]);
    const res = await w.s.app.inject({
      method: 'GET',
      url: `/api/cms/machine/${machineId}/file?access_token=${w.staff.token}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('a photo set on a machine: the device keeps its copy until the server can give the file', async () => {
    const d = device(w, w.staff);
    await d.engine.syncOnce();
    const photo = await captureImage(new File([u8(tinyPng())], 'maschine.png'), {
      entity: 'machine',
      rowId: w.ids.machine,
      keepType: true,
      compress: identity,
      db: d.db,
    });
    await d.mutate.update('machine', w.ids.machine, { photo });
    const picture = () =>
      w.s.app.inject({
        method: 'GET',
        url: `/api/cms/machine/${w.ids.machine}/file?file=${photo}&access_token=${w.staff.token}`,
      });
    // Uploaded while the update naming it is still queued: the server has the bytes but gives
    // the row's file only once the row names it, so the device's copy is what the screen shows.
    expect(await queueOf(d, uploadFetch(w)).run()).toEqual({ kind: 'ok', uploaded: 1, failed: 0 });
    expect(await getBlob(d.db, photo)).toMatchObject({ uploadState: 'uploaded' });
    expect((await getBlob(d.db, photo))?.data).toBeTruthy();
    expect((await picture()).statusCode).toBe(404);
    // The update answered: the server gives the file, the device's bytes go.
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await d.db.outbox.count()).toBe(0);
    expect((await picture()).statusCode).toBe(200);
    expect(await getBlob(d.db, photo)).toMatchObject({ uploadState: 'uploaded', data: null });
  });
});
