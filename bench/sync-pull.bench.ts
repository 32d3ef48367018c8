/**
 * Server side of the initial load: 50 000 rows pulled through GET /api/sync/pull in pages of
 * 5 000 over real HTTP (SQLite). Budget (issue #4): the whole initial load ≤ 5 s
 * (≥ 10 000 rows/s) — this figure is the server's share; IndexedDB's arrives with the client.
 */
import type { Kysely } from 'kysely';
import { uuidv7 } from '../src/domain/ids';
import type { CmsDb } from '../server/src/db/schema';
import { reserveChangeSeqs } from '../server/src/sync/change-seq';
import { mintBenchToken } from './bench-token';
import { report, startBenchServer } from './bench-server';

const N = 50_000;
const s = await startBenchServer();
const { token } = await mintBenchToken(s);
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

const t = performance.now();
let cursor = '';
let received = 0;
for (;;) {
  const res = await fetch(`${s.url}/api/sync/pull?cursor=${cursor}&limit=5000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = (await res.json()) as { changes: unknown[]; nextCursor: string; hasMore: boolean };
  received += page.changes.length;
  cursor = page.nextCursor;
  if (!page.hasMore) break;
}
const ms = performance.now() - t;
if (received < N) throw new Error(`received ${received} of ${N}`);
report('sync-pull-50000-server', Math.round(ms), 'ms');
report(
  'sync-pull-rows-per-second-server',
  Math.round((received / ms) * 1000),
  'rows/s',
  '≥ 10000 rows/s end to end',
);
await s.close();
