/**
 * The demo data of the first start: what it contains, that every row passes its domain
 * schema, that seeding is idempotent, deterministic and fast, and off with DEMO_DATA=off.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_SCHEMAS } from '@domain/entities';
import { classifyAnswer } from '@domain/rules/dguv';
import { isServiceLifeExceeded } from '@domain/rules/service-life';
import { FITTING_TYPE } from '@domain/schemas/enums';
import { PART_ENTITY_NAMES } from '@domain/schemas/parts';
import type { Pipe } from '@domain/schemas/pipe';
import type { Product } from '@domain/schemas/product';
import { REGISTRY } from '@server/cms/registry';
import { rowFromDb } from '@server/cms/rows';
import type { EntityStoreDb } from '@server/db/schema';
import { buildDemoRows, DEMO_CUSTOMER_2_ID, seedDemoData } from '@server/modules/demo/demo-data';
import { DEMO_INSERT_ORDER } from '@server/modules/demo/demo-rows';
import { findFileById } from '@server/modules/files/files.repository';
import { pricePipe } from '@server/modules/shop/pricing';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

let s: TestServer;
let db: Kysely<EntityStoreDb>;

const live = async <T = Record<string, unknown>>(name: (typeof DEMO_INSERT_ORDER)[number]) =>
  (await db.selectFrom(REGISTRY[name].table).selectAll().execute()).map(
    (r) => rowFromDb(REGISTRY[name], r) as T,
  );
const counts = async () =>
  Object.fromEntries(
    await Promise.all(DEMO_INSERT_ORDER.map(async (n) => [n, (await live(n)).length] as const)),
  );

describe.each(testDatabases())('on $name', ({ env }) => {
  beforeAll(async () => {
    s = await startTestServer(env);
    db = s.db.store;
  });
  afterAll(() => s?.close());

  describe('demo data', () => {
    it('has two customers with every address type, every part kind, ≥ 200 hoses and the audits', async () => {
      const companies = await live('company');
      expect(companies.map((c) => c.id).sort()).toEqual(
        [DEMO_CUSTOMER_ID, DEMO_CUSTOMER_2_ID].sort(),
      );
      const locations = await live('location');
      for (const id of [DEMO_CUSTOMER_ID, DEMO_CUSTOMER_2_ID]) {
        const types = new Set(locations.filter((l) => l.companyId === id).map((l) => l.type));
        expect([...types].sort()).toEqual(['DELIVERY', 'INVOICE', 'MAIN']);
        expect((await live('contact')).some((c) => c.companyId === id)).toBe(true);
      }
      for (const part of PART_ENTITY_NAMES)
        expect((await live(part)).length, part).toBeGreaterThan(0);
      const machines = await live('machine');
      expect(machines.some((m) => m.locationId === null)).toBe(true);
      expect((await live('companySettings'))[0]).toMatchObject({
        pipeCodePrefix: 'HM',
        assemblySurchargeCents: 1250,
      });

      const pipes = await live<Pipe>('pipe');
      expect(pipes.length).toBeGreaterThanOrEqual(200);
      const today = new Date();
      const expired = pipes.filter((p) => isServiceLifeExceeded(p, today)).length;
      expect(expired).toBeGreaterThan(0);
      expect(expired).toBeLessThan(pipes.length / 2);
      expect(new Set(pipes.map((p) => p.code)).size).toBe(pipes.length);
      expect(pipes.every((p) => /^HM-\d{6}$/.test(p.code))).toBe(true);
      for (const m of machines) {
        const positions = pipes.filter((p) => p.machineId === m.id).map((p) => p.position);
        expect(positions.sort((a, b) => a - b)).toEqual(positions.map((_, i) => i + 1));
      }
      const fittings = new Set(pipes.flatMap((p) => [p.fittingLeft?.type, p.fittingRight?.type]));
      for (const type of FITTING_TYPE) expect(fittings.has(type), type).toBe(true);
      expect(
        pipes.every((p) => p.dn !== null && p.dn >= 6 && p.dn <= 32 && (p.maxPn ?? 0) <= 420),
      ).toBe(true);

      const audits = await live('dguvAudit');
      expect(audits.filter((a) => a.state === 'APPROVED')).toHaveLength(1);
      expect(audits.filter((a) => a.state === 'COMPLETE')).toHaveLength(1);
      expect(audits.every((a) => a.signatureId !== null)).toBe(true);
      expect(await live('signature')).toHaveLength(2);
      const approved = audits.find((a) => a.state === 'APPROVED');
      const results = (await live('dguvAnswer'))
        .filter((a) => a.auditId === approved?.id)
        .map((a) => classifyAnswer(a.answer as string[]));
      expect(new Set(results)).toEqual(new Set(['success', 'warning', 'error']));
    });

    it('gives every demo signature a real PNG in the file store', async () => {
      const signatures = await live<{ id: string; content: string }>('signature');
      expect(signatures.length).toBeGreaterThan(0);
      for (const signature of signatures) {
        const file = await findFileById(s.db.kysely, signature.content);
        expect(file).toMatchObject({ mimeType: 'image/png', entity: 'signature' });
        const png = (await s.app.fileStore!.blobs.get(file!.storagePath))!;
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        expect(createHash('sha256').update(png).digest('hex')).toBe(file!.sha256);
      }
    });

    it('stores only rows that parse with their domain row schema', async () => {
      for (const name of DEMO_INSERT_ORDER) {
        for (const row of await live(name)) {
          const parsed = ENTITY_SCHEMAS[name].row.safeParse(row);
          expect(parsed.success, `${name} ${String(row.id)}: ${parsed.error?.message ?? ''}`).toBe(
            true,
          );
        }
      }
    });

    it('prices every demo hose from the demo catalogue', async () => {
      const products = (await live<Product>('product')).filter((p) => p.active);
      for (const pipe of await live<Pipe>('pipe')) {
        expect(pricePipe(pipe, products, 1250).unitNetCents).toBeGreaterThan(1250);
      }
    });

    it('changes nothing when seeded again, and builds the same rows for the same day', async () => {
      const before = await counts();
      const stamps = await db
        .selectFrom('pipe')
        .select(['id', 'version', 'updatedAt'])
        .orderBy('id')
        .execute();
      expect(await seedDemoData(s.db.kysely)).toBe(false);
      expect(await counts()).toEqual(before);
      expect(
        await db.selectFrom('pipe').select(['id', 'version', 'updatedAt']).orderBy('id').execute(),
      ).toEqual(stamps);
      const day = new Date('2026-03-01T10:00:00Z');
      expect(JSON.stringify(buildDemoRows(day).list('pipe'))).toBe(
        JSON.stringify(buildDemoRows(day).list('pipe')),
      );
    });
  });

  describe('DEMO_DATA=off', () => {
    it('seeds nothing; seeding such a database later takes under a second', async () => {
      const off = await startTestServer({ ...env, DEMO_DATA: 'off' });
      try {
        const offDb = off.db.store;
        for (const name of DEMO_INSERT_ORDER) {
          const rows = await offDb.selectFrom(REGISTRY[name].table).select('id').execute();
          expect(rows, name).toHaveLength(0);
        }
        const t0 = performance.now();
        expect(await seedDemoData(off.db.kysely)).toBe(true);
        if (!env.DATABASE_URL) expect(performance.now() - t0).toBeLessThan(1000);
        expect(
          (await offDb.selectFrom('pipe').select('id').execute()).length,
        ).toBeGreaterThanOrEqual(200);
      } finally {
        await off.close();
      }
    });
  });
});
