/**
 * Replay of 1 000 queued mutations through POST /api/sync/push in batches of 200 (the sync
 * engine's way) against one request per mutation (POST /api/cms/…/create), over real HTTP on
 * loopback with SQLite. Budget: ≤ 2 s for the batched replay. The Chromium +
 * IndexedDB part of the end-to-end figure arrives with the client engine's benchmark.
 */
import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../src/domain/ids';
import type { Mutation } from '../src/domain/sync-contract';
import { mintBenchToken } from './bench-token';
import { report, startBenchServer } from './bench-server';

const N = 1000;
const s = await startBenchServer();
const { token, userId } = await mintBenchToken(s);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const company = uuidv7();
const manufacturer = uuidv7();
const post = (path: string, body: unknown) =>
  fetch(`${s.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
await post('/api/cms/company/create', { data: { id: company, name: 'Bench GmbH' } });
await post('/api/cms/manufacturer/create', {
  data: { id: manufacturer, name: 'Bench-Hersteller' },
});

const machine = (i: number, tag: string) => ({
  companyId: company,
  manufacturerId: manufacturer,
  internalId: `${tag}-${i}`,
});
const mutations: Mutation[] = Array.from({ length: N }, (_, i) => ({
  seq: i + 1,
  mutationId: uuidv7(),
  userId,
  name: 'cms.create',
  method: 'POST',
  path: '/cms/machine/create',
  body: { data: machine(i, 'B') },
  recordId: null,
  baseVersion: null,
  changedFields: null,
  dependsOn: [],
  schemaVersion: 1,
}));

const clientId = randomUUID();
let t = performance.now();
for (let i = 0; i < N; i += 200) {
  const res = await post('/api/sync/push', { clientId, mutations: mutations.slice(i, i + 200) });
  if (!res.ok) throw new Error(`push failed ${res.status}`);
  await res.json();
}
const batched = performance.now() - t;

t = performance.now();
for (let i = 0; i < N; i++) {
  const res = await post('/api/cms/machine/create', { data: machine(i, 'S') });
  if (!res.ok) throw new Error(`create failed ${res.status}`);
  await res.json();
}
const single = performance.now() - t;

report('sync-push-replay-1000', Math.round(batched), 'ms', '≤ 2000 ms');
report('sync-push-single-requests-1000', Math.round(single), 'ms');
report('sync-push-batch-speedup', single / batched, 'x');
await s.close();
