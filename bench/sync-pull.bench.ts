/**
 * Server side of the initial load: 50 000 rows pulled through GET /api/sync/pull in pages of
 * 5 000 over real HTTP (SQLite). Budget: the whole initial load ≤ 5 s
 * (≥ 10 000 rows/s) — this figure is the server's share; IndexedDB's arrives with the client.
 */
import { seedPullRows } from './seed-pull';
import { mintBenchToken } from './bench-token';
import { report, startBenchServer } from './bench-server';

const N = 50_000;
const s = await startBenchServer();
const { token } = await mintBenchToken(s);
await seedPullRows(s, N);

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
