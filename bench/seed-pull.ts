/** Seeds N rows (a customer, a maker, a machine and its hoses) straight into the database. */
import type { Kysely } from 'kysely';
import { uuidv7 } from '../src/domain/ids';
import type { CmsDb } from '../server/src/db/schema';
import { reserveChangeSeqs } from '../server/src/sync/change-seq';
import type { BenchServer } from './bench-server';

export async function seedPullRows(
  s: BenchServer,
  N: number,
): Promise<{ machine: string; company: string }> {
  const db = s.db.kysely as unknown as Kysely<CmsDb>;
  const now = new Date().toISOString();
  const company = uuidv7();
  const manufacturer = uuidv7();
  const machine = uuidv7();
  const base = { version: 1, createdAt: now, updatedAt: now, deletedAt: null };
  await db.transaction().execute(async (tx) => {
    const first = await reserveChangeSeqs(tx, N + 3);
    await tx
      .insertInto('company')
      .values({
        ...base,
        id: company,
        companyId: company,
        name: 'Pull GmbH',
        industry: 'HYDRAULIC',
        changeSeq: first,
      })
      .execute();
    await tx
      .insertInto('manufacturer')
      .values({
        ...base,
        id: manufacturer,
        companyId: null,
        name: 'Pull-Hersteller',
        changeSeq: first + 1,
      })
      .execute();
    await tx
      .insertInto('machine')
      .values({
        ...base,
        id: machine,
        companyId: company,
        manufacturerId: manufacturer,
        internalId: 'P-1',
        dguvInterval: 'YEAR',
        dguvIntervalCritical: 'HALFYEAR',
        changeSeq: first + 2,
      })
      .execute();
    const rows = Array.from({ length: N - 3 }, (_, i) => ({
      ...base,
      id: uuidv7(),
      companyId: company,
      machineId: machine,
      position: i + 1,
      code: `PB-${String(i).padStart(6, '0')}`,
      isCritical: i % 7 === 0 ? 1 : 0,
      fittingSystem: 'STANDARD',
      withProtection: 0,
      withRope: 0,
      dn: 6 + (i % 27),
      changeSeq: first + 3 + i,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insertInto('pipe')
        .values(rows.slice(i, i + 500))
        .execute();
  });

  return { machine, company };
}
