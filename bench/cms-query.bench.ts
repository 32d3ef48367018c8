/**
 * A customer's CMS query under steady load: the hoses of one machine (120, with
 * their latest DGUV result: two audits, every hose checked in both) at 300 requests/s for
 * 20 s with autocannon, over real HTTP on loopback with SQLite. Budget: p99 ≤ 50 ms and not
 * one error or non-2xx answer. autocannon runs in a worker thread, so that the load generator
 * does not share the server's event loop. The per-user API rate limit is off for the bench
 * (RATE_LIMIT_API_PER_MINUTE=0 in bench-server.ts): 18 000 calls of one user in a minute are
 * the point here.
 */
import { createRequire } from 'node:module';
import { loadavg, availableParallelism } from 'node:os';
import { uuidv7 } from '../src/domain/ids';
import { DGUV_FINDINGS } from '../src/domain/schemas/dguv-answer';
import { mintBenchToken } from './bench-token';
import { report, startBenchServer } from './bench-server';
import { benchHoses, customerToken, pusher } from './bench-seed';

const HOSES = 120;
const RATE = 300;
const SECONDS = 20;

interface AutocannonResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
// autocannon ships no types; its promise API is all this uses.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const s = await startBenchServer();
const staff = [await mintBenchToken(s), await mintBenchToken(s)];
const [company, manufacturer, machine] = [uuidv7(), uuidv7(), uuidv7()];
const seed = pusher(s, staff[0]!.token, staff[0]!.userId);
await seed.createMany('company', [{ id: company, name: 'Müller Stahlbau KG' }]);
await seed.createMany('manufacturer', [{ id: manufacturer, name: 'Liebherr' }]);
await seed.createMany('machine', [
  { id: machine, companyId: company, manufacturerId: manufacturer, internalId: 'INV-0815' },
]);
const pipes = Array.from({ length: HOSES }, () => uuidv7());
await seed.createMany('machinepart/hosepipe', benchHoses(company, machine, pipes));
// Two audits by two inspectors (one running audit per user), a year apart.
for (const [n, who] of staff.entries()) {
  const audit = uuidv7();
  const p = n === 0 ? seed : pusher(s, who.token, who.userId);
  await p.createMany('audit/dguv', [
    {
      id: audit,
      companyId: company,
      machineId: machine,
      startDate: n === 0 ? '2025-11-20 09:30:00' : '2026-11-20 09:30:00',
      auditor: n === 0 ? 'Tom Techniker' : 'Bea Büro',
      auditorUserId: who.userId,
      performedAt: new Date().toISOString(),
      locale: 'de',
    },
  ]);
  await p.createMany(
    'audit/dguvhosepipeanswer',
    pipes.map((pipeId, i) => ({
      id: uuidv7(),
      companyId: company,
      auditId: audit,
      pipeId,
      answer: i % 5 === n ? [DGUV_FINDINGS[i % DGUV_FINDINGS.length]] : ['OK'],
      protectionRecommended: i % 3 === 0,
      replaceHose: i % 5 === n,
      // Some hoses are past their service life: OK stands with the documented extension, a
      // defect kept without replacement with its reason (docs/dguv-record.md).
      extensionReason: 'Gefährdungsbeurteilung 2026',
      keepReason: 'Austausch beim nächsten Stillstand',
      performedAt: new Date().toISOString(),
    })),
  );
}

const token = await customerToken(s, company);
const body = JSON.stringify({
  parameter: {
    page: 1,
    limit: 200,
    query: { filter: [{ key: 'machine.id', param: 'eq', value: machine }] },
  },
  response: [
    'id',
    'position',
    'code',
    'dn',
    'maxPn',
    'length',
    'isCritical',
    'productionDate',
    'dguvReference.id',
    'dguvReference.answer',
    'dguvReference.replaceHose',
    'dguvReference.performedAt',
    'dguvReference.audit.startDate',
  ],
});
const url = `${s.url}/api/cms/machinepart/hosepipe/query`;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
// One call first: the answer must be the machine's hoses with their newest check.
const probe = await fetch(url, { method: 'POST', headers, body });
if (!probe.ok) throw new Error(`query: ${probe.status} ${await probe.text()}`);
type Hose = { dguvReference?: { audit?: { startDate?: string } }[] };
const first = ((await probe.json()) as { data: Hose[] }).data;
const latest = (h: Hose) => h.dguvReference?.[0]?.audit?.startDate ?? '';
if (first.length !== HOSES || !first.every((h) => latest(h).startsWith('2026')))
  throw new Error(
    `query: expected ${HOSES} hoses with the 2026 check: ${JSON.stringify(first[0])}`,
  );

const result = await autocannon({
  url,
  method: 'POST',
  headers,
  body,
  connections: 10,
  overallRate: RATE,
  duration: SECONDS,
  workers: 1,
});
await s.close();

const failures = result.errors + result.timeouts + result.non2xx;
report('cms-query-p99-at-300rps', result.latency.p99, 'ms', '≤ 50 ms');
report('cms-query-errors-at-300rps', failures, 'errors/non-2xx', '0');
report('cms-query-p50-at-300rps', result.latency.p50, 'ms');
report(
  'cms-query-throughput',
  result.requests.average,
  'req/s',
  undefined,
  `${RATE} req/s offered`,
);
console.log(
  `  (${HOSES} hoses, ${result.requests.total} calls; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
);
if (result.latency.p99 > 50 || failures > 0) process.exit(1);
