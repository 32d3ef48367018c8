import { writeFileSync } from 'node:fs';
import { mintBenchToken } from './bench-token';
import { openBenchPage } from './browser-harness';
import { seedPullRows } from './seed-pull';

const bench = await openBenchPage();
const { server, page } = bench;
const session = await mintBenchToken(server);
const warm = await seedPullRows(server, 3);
await page.evaluate(([s, m]) => window.syncBench.queueAndReplay(s, m, 1000, 'WARM'), [session, warm.machine] as const);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
for (let r = 0; r < 2; r++) {
  const m = await seedPullRows(server, 3);
  await cdp.send('Profiler.start');
  const res = await page.evaluate(([s, mm, tag]) => window.syncBench.queueAndReplay(s, mm, 1000, tag), [session, m.machine, `P${r}`] as const);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(`/tmp/prof/replay${r}.cpuprofile`, JSON.stringify(profile));
  console.log('replay', r, Math.round(res.replayMs), 'ms');
}
await bench.close();
