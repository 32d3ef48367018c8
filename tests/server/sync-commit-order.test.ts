/**
 * The pull cursor never skips a row committed late: a long transaction that took its change
 * number first holds back every later writer until it commits (PostgreSQL, where writers run
 * concurrently; SQLite serialises whole transactions, so the question does not arise there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { insertEntity } from '@server/cms/entity-store';
import { REGISTRY } from '@server/cms/registry';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';

const postgres = testDatabases().filter((d) => d.name === 'postgres');
// Without PostgreSQL on a developer machine the file still has a (skipped) suite; CI has it.
if (postgres.length === 0)
  describe.skip('commit order (needs PostgreSQL)', () => it('skipped', () => undefined));

describe.each(postgres)('commit order of the change feed on $name', ({ env }) => {
  let s: TestServer;
  let staff: Actor;
  const company = uuidv7();
  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    staff = await actor(s, { roles: STAFF_ALL });
    await cms(s, staff).create('company', { id: company, name: 'Lange Transaktion' });
  });
  afterAll(() => s?.close());

  const pull = async (cursor: string) =>
    (
      await s.app.inject({
        url: `/api/sync/pull?cursor=${cursor}`,
        headers: { authorization: `Bearer ${staff.token}` },
      })
    ).json();

  it('a writer that started later is not visible before the earlier one commits', async () => {
    const db = s.db.store;
    const start = await pull('');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let tookSeq!: () => void;
    const seqTaken = new Promise<void>((r) => (tookSeq = r));
    const slowId = uuidv7();
    const slow = db.transaction().execute(async (tx) => {
      const now = new Date().toISOString();
      // The one writer takes the change number first, so the counter row is locked from here.
      await insertEntity(tx, REGISTRY.location, {
        id: slowId,
        companyId: company,
        street: 'Langsam',
        houseNumber: null,
        zip: '10115',
        city: 'X',
        addition: null,
        distance: null,
        type: 'MAIN',
        version: 1,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      });
      tookSeq();
      await held;
    });
    await seqTaken;
    // A second writer starts now, through the API, and must wait for the counter.
    const fast = cms(s, staff).create('company/location', {
      companyId: company,
      street: 'Schnell',
      zip: '20095',
      city: 'Y',
    });
    await new Promise((r) => setTimeout(r, 200));
    const during = await pull(start.nextCursor);
    expect(during.changes).toEqual([]);
    release();
    await slow;
    const fastRes = await fast;
    expect(fastRes.statusCode).toBe(201);
    const after = await pull(start.nextCursor);
    expect(after.changes.map((c: { id: string }) => c.id)).toEqual([slowId, fastRes.json().id]);
  });
});
