// @vitest-environment node
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import { declareVersions, openDatabase, VERSIONS, type SchlauchDb } from './database';
import { ENTITY_INDEXES, SYNCED_ENTITIES } from './entity-tables';
import { getBlob } from './blob-repository';
import { clientState, nextLocalSeq, pullState } from './meta-repository';
import { getCachedReport } from './report-cache';
import { loadSession } from './session-repository';
import { bytesToBlob } from './stored-bytes';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

describe('database', () => {
  it('has one table per synced entity (not profile) and the sync tables', async () => {
    db = openDatabase(`db-${uuidv7()}`);
    await db.open();
    const names = db.tables.map((t) => t.name).sort();
    expect(SYNCED_ENTITIES).not.toContain('profile');
    expect(names).toEqual(
      [
        ...SYNCED_ENTITIES,
        'sessions',
        'settings',
        'meta',
        'outbox',
        'conflicts',
        'blobs',
        'reportCache',
        'syncLog',
        'answeredBatches',
      ].sort(),
    );
    expect(Object.keys(ENTITY_INDEXES).sort()).toEqual([...SYNCED_ENTITIES].sort());
    expect(db.table('pipe').schema.indexes.map((i) => i.name)).toContain('[machineId+position]');
    expect(db.outbox.schema.primKey.name).toBe('localSeq');
  });

  it('declares few versions, yet a device installed at any version ends as a new one', async () => {
    // The installed stores, their keys and indexes, read from IndexedDB itself.
    const installed = async (name: string) => {
      const native = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const stores = [...native.objectStoreNames].sort();
      const tx = native.transaction(stores);
      const shape = Object.fromEntries(
        stores.map((s) => {
          const store = tx.objectStore(s);
          const indexes = [...store.indexNames].sort().map((i) => {
            const index = store.index(i);
            return `${i}:${String(index.keyPath)}:${index.unique}:${index.multiEntry}`;
          });
          return [s, { key: store.keyPath, auto: store.autoIncrement, indexes }];
        }),
      );
      native.close();
      return { version: native.version, shape };
    };
    const fresh = `db-${uuidv7()}`;
    db = openDatabase(fresh);
    await db.open();
    expect(db.verno).toBe(VERSIONS.length);
    db.close();
    const expected = await installed(fresh);
    expect(expected.version).toBe(VERSIONS.length * 10); // Dexie's native version is verno × 10
    for (let version = 1; version < VERSIONS.length; version++) {
      // Installed as the app of that version did: every version declared one after the other.
      const name = `db-${uuidv7()}`;
      const old = new Dexie(name);
      VERSIONS.slice(0, version).forEach((stores, i) => old.version(i + 1).stores(stores));
      await old.open();
      old.close();
      const upgraded = openDatabase(name);
      await upgraded.open();
      upgraded.close();
      expect({ from: version, ...(await installed(name)) }).toEqual({ from: version, ...expected });
      await Dexie.delete(name);
    }
  });

  it('upgrades an installed version 1 in place, keeping the session', async () => {
    const name = `db-${uuidv7()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({ sessions: 'id', settings: 'key' });
    await v1.table('sessions').put({ id: 'current', accessToken: 't', savedAt: 1 });
    v1.close();
    db = openDatabase(name);
    expect(await loadSession(db)).toMatchObject({ accessToken: 't' });
    expect(await db.outbox.count()).toBe(0);
    expect(db.verno).toBe(VERSIONS.length);
  });

  it('upgrades version 4 to 5: the rows stay, the indexes no screen queries are gone', async () => {
    const name = `db-${uuidv7()}`;
    const v4 = declareVersions(new Dexie(name), 4);
    const answer = { id: uuidv7(), auditId: 'a1', pipeId: 'p1', companyId: 'c1', version: 1 };
    await v4.table('dguvAnswer').put(answer);
    await v4.table('machine').put({ id: 'm1', companyId: 'c1', locationId: 'l1', version: 1 });
    expect(v4.table('dguvAnswer').schema.indexes.map((i) => i.name)).toContain('companyId');
    v4.close();
    db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(VERSIONS.length);
    expect(await db.table('dguvAnswer').where('auditId').equals('a1').toArray()).toEqual([answer]);
    expect(
      db
        .table('dguvAnswer')
        .schema.indexes.map((i) => i.name)
        .sort(),
    ).toEqual(['auditId', 'pipeId']);
    expect(db.table('machine').schema.indexes.map((i) => i.name)).toEqual(['companyId']);
    expect(await db.table('machine').where('companyId').equals('c1').count()).toBe(1);
    // The installed database itself (not just Dexie's declaration) lost the index.
    const native = db.backendDB().transaction('dguvAnswer').objectStore('dguvAnswer');
    expect([...native.indexNames].sort()).toEqual(['auditId', 'pipeId']);
  });

  it('upgrades version 5 to 6 with the day plans, found by their technician', async () => {
    const name = `db-${uuidv7()}`;
    const v5 = declareVersions(new Dexie(name), 5);
    await v5.table('machine').put({ id: 'm1', companyId: 'c1', version: 1 });
    expect(v5.tables.map((t) => t.name)).not.toContain('dayPlan');
    v5.close();
    db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(VERSIONS.length);
    expect(await db.table('machine').count()).toBe(1);
    await db.table('dayPlan').put({ id: 'd1', companyId: 'c1', technicianId: 'u1', version: 1 });
    expect(await db.table('dayPlan').where('technicianId').equals('u1').count()).toBe(1);
  });
});

describe('meta', () => {
  it('upgrades version 7 to 8: photos, signatures and PDFs stored as Blob become bytes + type', async () => {
    const name = `db-${uuidv7()}`;
    const v7 = declareVersions(new Dexie(name), 7);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7]);
    const pdf = new TextEncoder().encode('%PDF-1.7 report');
    const blobRow = (id: string, bytes: Uint8Array<ArrayBuffer>, mimeType: string) => ({
      id,
      entity: 'signature',
      rowId: `row-${id}`,
      sha256: 'x',
      mimeType,
      size: bytes.length,
      name: 'f',
      data: new Blob([bytes], { type: mimeType }),
      uploadState: 'pending',
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      error: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await v7
      .table('blobs')
      .bulkPut([
        blobRow('sig', png, 'image/png'),
        blobRow('photo', jpeg, 'image/jpeg'),
        { ...blobRow('served', jpeg, 'image/jpeg'), data: null, uploadState: 'uploaded' },
      ]);
    await v7.table('reportCache').put({
      key: 'dguv:a1',
      version: 3,
      blob: new Blob([pdf], { type: 'application/pdf' }),
      fetchedAt: '2026-01-02T00:00:00.000Z',
    });
    v7.close();
    db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(VERSIONS.length);
    const bytesOf = async (b: Blob) => new Uint8Array(await b.arrayBuffer());
    const sig = await getBlob(db, 'sig');
    expect(sig?.data?.bytes).toBeInstanceOf(ArrayBuffer);
    expect(sig).toMatchObject({ rowId: 'row-sig', uploadState: 'pending', size: png.length });
    // What the screens show and the queue uploads (bytesToBlob): the same bytes and type.
    const shown = bytesToBlob(sig!.data!);
    expect(shown.type).toBe('image/png');
    expect(await bytesOf(shown)).toEqual(png);
    const photo = (await getBlob(db, 'photo'))!.data!;
    expect(await bytesOf(bytesToBlob(photo))).toEqual(jpeg);
    expect(photo.type).toBe('image/jpeg');
    expect((await getBlob(db, 'served'))?.data).toBeNull();
    const report = await getCachedReport('dguv', 'a1', db);
    expect(report).toMatchObject({ version: 3, fetchedAt: '2026-01-02T00:00:00.000Z' });
    expect(report?.blob.type).toBe('application/pdf');
    expect(await bytesOf(report!.blob)).toEqual(pdf);
    expect(await db.reportCache.get('dguv:a1')).not.toHaveProperty('blob');
  });

  it('creates a client stream once per user and counts local seqs from 1', async () => {
    db = openDatabase(`db-${uuidv7()}`);
    const first = await db.transaction('rw', db.meta, async () => clientState(db, 'u1'));
    const again = await db.transaction('rw', db.meta, async () => clientState(db, 'u1'));
    expect(again).toEqual(first);
    expect(first).toMatchObject({ lastSeq: 0, broken: null });
    expect((await clientState(db, 'u2')).clientId).not.toBe(first.clientId);
    const seqs = [];
    for (let i = 0; i < 3; i++)
      seqs.push(await db.transaction('rw', db.meta, async () => nextLocalSeq(db)));
    expect(seqs).toEqual([1, 2, 3]);
    expect(await pullState(db)).toEqual({ cursor: null, scope: null });
  });
});
