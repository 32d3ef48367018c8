/**
 * The daily tombstone purge (server/src/sync/tombstone-purge.ts, finding F2): a tombstone a
 * remaining row still points to stays until that row goes; the others go; one such row never
 * blocks the rest; kept tombstones do not move the 410 horizon.
 */
import type { TableEntity } from '@server/db/entity-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { uuidv7 } from '@domain/ids';
import type { EntityStoreDb } from '@server/db/schema';
import { REGISTRY } from '@server/cms/registry';
import { PURGE_ORDER, purgeTombstones } from '@server/sync/tombstone-purge';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);

describe('the purge order', () => {
  it('hard-deletes every entity before each entity its rows point to', () => {
    for (const name of PURGE_ORDER) {
      for (const rel of Object.values(REGISTRY[name].relations)) {
        if (rel.kind !== 'belongsTo' || rel.entity === name) continue;
        expect(PURGE_ORDER.indexOf(name), `${name}.${rel.foreignKey}`).toBeLessThan(
          PURGE_ORDER.indexOf(rel.entity as (typeof PURGE_ORDER)[number]),
        );
      }
    }
    // The case the old order (registry order reversed) got wrong: an audit's signature.
    expect(PURGE_ORDER.indexOf('dguvAudit')).toBeLessThan(PURGE_ORDER.indexOf('signature'));
  });
});

describe.each(testDatabases())('tombstone purge on $name', ({ env }) => {
  let s: TestServer;
  let staff: Actor;
  let api: ReturnType<typeof cms>;
  let k: Kysely<EntityStoreDb>;
  const company = uuidv7();
  const manufacturer = uuidv7();
  const machine = uuidv7();
  const [hoseWithAnswer, hoseAlone] = [uuidv7(), uuidv7()];
  const audit = uuidv7();
  const answer = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    staff = await actor(s, { roles: STAFF_ALL });
    api = cms(s, staff);
    k = s.db.store;
    const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
      const r = await p;
      expect(r.statusCode, r.body).toBeLessThan(300);
    };
    await ok(api.create('company', { id: company, name: 'Purge GmbH' }));
    await ok(api.create('manufacturer', { id: manufacturer, name: 'Purge-Hersteller' }));
    await ok(
      api.create('machine', {
        id: machine,
        companyId: company,
        manufacturerId: manufacturer,
        internalId: 'PURGE-1',
      }),
    );
    for (const [i, id] of [hoseWithAnswer, hoseAlone].entries()) {
      await ok(
        api.create('machinepart/hosepipe', {
          id,
          companyId: company,
          machineId: machine,
          position: i + 1,
          code: `PG-00000${i}`,
          productionDate: '2025-06-01',
        }),
      );
    }
    await ok(
      api.create('audit/dguv', {
        id: audit,
        companyId: company,
        machineId: machine,
        startDate: '2026-11-20 09:00:00',
        auditor: 'Tom Techniker',
        auditorUserId: staff.id,
        performedAt: new Date().toISOString(),
      }),
    );
    await ok(
      api.create('audit/dguvhosepipeanswer', {
        id: answer,
        companyId: company,
        auditId: audit,
        pipeId: hoseWithAnswer,
        answer: ['OK'],
        protectionRecommended: false,
        replaceHose: false,
        performedAt: new Date().toISOString(),
      }),
    );
  });
  afterAll(() => s.close());

  const pull = (cursor: string) =>
    s.app.inject({
      url: `/api/sync/pull?cursor=${cursor}&limit=1000`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
  const cursorNow = async () => (await pull('')).json().nextCursor as string;
  const exists = async (table: TableEntity, id: string) =>
    (await k.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('keeps a deleted hose a live answer points to, purges the others, and the 410 horizon stops before the kept one', async () => {
    const other = uuidv7();
    await api.create('machine', {
      id: other,
      companyId: company,
      manufacturerId: manufacturer,
      internalId: 'PURGE-2',
    });
    const beforeDeletes = await cursorNow();
    expect((await api.remove('machine', other)).statusCode).toBe(200);
    expect((await api.remove('machinepart/hosepipe', hoseAlone)).statusCode).toBe(200);
    const beforeKept = await cursorNow();
    expect((await api.remove('machinepart/hosepipe', hoseWithAnswer)).statusCode).toBe(200);

    // Before: the hard delete of the hose broke the answer's foreign key and nothing went.
    expect(await purgeTombstones(k, later(91))).toBe(2);
    expect(await exists('machine', other)).toBe(false);
    expect(await exists('pipe', hoseAlone)).toBe(false);
    expect(await exists('pipe', hoseWithAnswer)).toBe(true);
    expect(await exists('dguvAnswer', answer)).toBe(true);

    // A device that had not seen the purged deletes starts over …
    expect((await pull(beforeDeletes)).statusCode).toBe(410);
    // … one that had sees the kept tombstone still in the feed.
    const rest = await pull(beforeKept);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().changes).toContainEqual(
      expect.objectContaining({ entity: 'pipe', id: hoseWithAnswer, deleted: true }),
    );
  });

  it('purges the hose once its answer is gone for good too (a young tombstone still holds it)', async () => {
    expect((await api.remove('audit/dguvhosepipeanswer', answer)).statusCode).toBe(200);
    // The hose's tombstone is past the retention period, the answer's is not: it holds it.
    await k
      .updateTable('pipe')
      .set({ deletedAt: new Date(Date.now() - 100 * DAY).toISOString() })
      .where('id', '=', hoseWithAnswer)
      .execute();
    expect(await purgeTombstones(k, new Date())).toBe(0);
    expect(await exists('pipe', hoseWithAnswer)).toBe(true);
    expect(await purgeTombstones(k, later(91))).toBe(2);
    expect(await exists('pipe', hoseWithAnswer)).toBe(false);
    expect(await exists('dguvAnswer', answer)).toBe(false);
    expect(await exists('dguvAudit', audit)).toBe(true); // live
  });

  it('keeps a tombstone a row outside the registry points to (a file of the customer) without blocking the rest', async () => {
    const [kept, gone] = [uuidv7(), uuidv7()];
    const keptMachine = uuidv7();
    for (const id of [kept, gone]) await api.create('company', { id, name: `Purge ${id}` });
    await api.create('machine', {
      id: keptMachine,
      companyId: kept,
      manufacturerId: manufacturer,
      internalId: 'PURGE-3',
    });
    const file = uuidv7();
    await k
      .insertInto('file')
      .values({
        id: file,
        companyId: kept,
        entity: 'company',
        entityId: kept,
        name: 'logo.png',
        mimeType: 'image/png',
        size: 1,
        sha256: '0'.repeat(64),
        storagePath: `x/${file}`,
        createdBy: staff.id,
        createdAt: new Date().toISOString(),
        deletedAt: null,
      })
      .execute();
    for (const id of [kept, gone]) expect((await api.remove('company', id)).statusCode).toBe(200);

    // Both customers' tombstones share one chunk: the file's company fails alone.
    expect(await purgeTombstones(k, later(273))).toBe(2);
    expect(await exists('company', kept)).toBe(true);
    expect(await exists('company', gone)).toBe(false);
    expect(await exists('machine', keptMachine)).toBe(false);

    await k.deleteFrom('file').where('id', '=', file).execute();
    expect(await purgeTombstones(k, later(273))).toBe(1);
    expect(await exists('company', kept)).toBe(false);
  });
});
