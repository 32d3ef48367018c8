// @vitest-environment node
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import { openDatabase, type SchlauchDb } from './database';
import { ENTITY_INDEXES, SYNCED_ENTITIES } from './entity-tables';
import { clientState, nextLocalSeq, pullState } from './meta-repository';
import { loadSession } from './session-repository';

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
      ].sort(),
    );
    expect(Object.keys(ENTITY_INDEXES).sort()).toEqual([...SYNCED_ENTITIES].sort());
    expect(db.table('pipe').schema.indexes.map((i) => i.name)).toContain('[machineId+position]');
    expect(db.outbox.schema.primKey.name).toBe('localSeq');
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
    expect(db.verno).toBe(4);
  });
});

describe('meta', () => {
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
