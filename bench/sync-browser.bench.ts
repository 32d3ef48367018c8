/**
 * Issue #4 benchmarks in Chromium with the app's own Dexie, mutate() and sync engine against
 * the real server (SQLite, loopback):
 * - replay of 1 000 queued mutations end to end (budget ≤ 2 s) and the ratio against one
 *   request per mutation;
 * - initial pull of 50 000 rows into IndexedDB (budget ≤ 5 s, ≥ 10 000 rows/s);
 * - mutate() latency p95 (budget ≤ 5 ms).
 */
import { mintBenchToken } from './bench-token';
import { openBenchPage } from './browser-harness';
import { report } from './bench-server';
import { seedPullRows } from './seed-pull';

const N_PULL = 50_000;
const N_REPLAY = Number(process.env.BENCH_REPLAY ?? 1_000);

const bench = await openBenchPage();
try {
  const session = await mintBenchToken(bench.server);
  // Replay first, on a small scope: a customer with one machine and no hoses yet.
  const { machine, company } = await seedPullRows(bench.server, 3);
  const replay = await bench.page.evaluate(
    ([s, m, n]) => window.syncBench.queueAndReplay(s, m, n, 'RPL'),
    [session, machine, N_REPLAY] as const,
  );
  const single = await bench.page.evaluate(
    ([s, c, m, n]) => window.syncBench.singleRequests(s, c, m, n, 'ONE'),
    [session, company, machine, N_REPLAY] as const,
  );
  report('sync-replay-1000-chromium', Math.round(replay.replayMs), 'ms', '≤ 2000 ms');
  report('sync-replay-1000-one-request-each-chromium', Math.round(single.ms), 'ms');
  report('sync-replay-speedup-chromium', single.ms / replay.replayMs, 'x');
  report('mutate-latency-p50-chromium', replay.mutateP50, 'ms');
  report('mutate-latency-p95-chromium', replay.mutateP95, 'ms', '≤ 5 ms');

  // Then a new device's initial load of a large scope.
  await seedPullRows(bench.server, N_PULL);
  const pull = await bench.page.evaluate((s) => window.syncBench.initialPull(s), session);
  if (pull.rows < N_PULL) throw new Error(`pulled ${pull.rows} hoses, expected ≥ ${N_PULL}`);
  report('sync-initial-pull-50000-chromium', Math.round(pull.ms), 'ms', '≤ 5000 ms');
  report(
    'sync-initial-pull-rows-per-second-chromium',
    Math.round((pull.rows / pull.ms) * 1000),
    'rows/s',
    '≥ 10000 rows/s',
  );
  // Where the initial load's time goes (the same pages, applied to another new database).
  const parts = await bench.page.evaluate((s) => window.syncBench.pullBreakdown(s), session);
  report('sync-initial-pull-download-chromium', Math.round(parts.fetchMs), 'ms');
  report('sync-initial-pull-validate-chromium', Math.round(parts.parseMs), 'ms');
  report('sync-initial-pull-indexeddb-chromium', Math.round(parts.applyMs), 'ms');
} finally {
  await bench.close();
}
