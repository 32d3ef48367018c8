/**
 * `npm run test:e2e`: the end-to-end specs in lanes that run side by side. Each lane is one
 * Playwright run (one worker) against its own server, port (8091 + lane) and data dir, so
 * the specs, which share the demo users and a technician's one running audit, never meet
 * across lanes; the app is built once for all of them.
 *
 * Spec files are dealt to lanes longest first (each to the lane with the least work so far)
 * by the seconds in e2e/durations.json; a file not in it counts as the median. Each lane
 * also writes the durations it measured, and the run leaves them all in
 * .tmp/e2e-durations.json — copy that over e2e/durations.json when specs change a lot.
 *
 * Next to them run the lanes of the other browser engines (e2e-engines/run.ts: one scenario,
 * each engine with its own server on the ports after the Chromium lanes').
 *
 * - `E2E_LANES` (default: 2, or 1 on a one-core machine) sets the Chromium lane count. Three
 *   lanes beside the engine lanes loaded two cores so far (load ≈ 17) that tests timed out
 *   (docs/testing.md "Where the time goes").
 * - `E2E_ENGINES` (default: `firefox,webkit`; comma-separated, `none` for none) names the
 *   engine lanes (docs/testing.md "Firefox and WebKit lanes").
 * - Arguments (a spec, `--grep …`) run one plain Playwright run with them instead.
 * - Exits non-zero when any lane fails; every lane runs to its end.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

const FIRST_PORT = Number(process.env.E2E_PORT ?? 8091);
const DIST_DIR = process.env.E2E_DIST_DIR ?? 'dist';
const LANES = Math.max(1, Number(process.env.E2E_LANES ?? Math.min(2, availableParallelism())));
const ENGINES = (process.env.E2E_ENGINES ?? 'firefox,webkit')
  .split(',')
  .map((e) => e.trim())
  .filter((e) => e === 'firefox' || e === 'webkit');

/** Runs a command with its output prefixed; resolves with its exit code. */
function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  prefix = '',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream! }).on('line', (line) =>
          process.stdout.write(`${prefix}${line}\n`),
        );
      }
    }
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Spec files dealt to `lanes` lanes, longest first, each to the lane with least work. */
export function dealSpecs(
  files: readonly string[],
  seconds: Readonly<Record<string, number>>,
  lanes: number,
): { files: string[]; seconds: number }[] {
  const known = files.map((f) => seconds[f]).filter((s): s is number => s !== undefined);
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 30;
  const weighed = files
    .map((file) => ({ file, s: seconds[file] ?? median }))
    .sort((a, b) => b.s - a.s || a.file.localeCompare(b.file));
  const out = Array.from({ length: lanes }, () => ({ files: [] as string[], seconds: 0 }));
  for (const { file, s } of weighed) {
    const lane = out.reduce((least, l) => (l.seconds < least.seconds ? l : least));
    lane.files.push(file);
    lane.seconds += s;
  }
  return out.filter((l) => l.files.length > 0);
}

interface JsonSuite {
  file?: string;
  suites?: JsonSuite[];
  specs?: { tests: { results: { duration: number }[] }[] }[];
}

/** Seconds per spec file from Playwright's JSON report (every attempt of every test). */
function measured(report: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (suite: JsonSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        for (const r of t.results) out[file] = (out[file] ?? 0) + r.duration / 1000;
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  try {
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as { suites?: JsonSuite[] };
    for (const suite of parsed.suites ?? []) walk(suite, suite.file ?? '');
  } catch {
    // A lane that died before its report: its files keep their old figures.
  }
  return Object.fromEntries(
    Object.entries(out).map(([file, s]) => [`e2e/${file.replace(/^e2e\//, '')}`, Math.round(s)]),
  );
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 0 || LANES === 1) {
    process.exit(await run('npx', ['playwright', 'test', ...args], {}));
  }
  const started = Date.now();
  const built = await run('npx', ['vite', 'build', '--outDir', DIST_DIR, '--emptyOutDir'], {
    VITE_CJS_IGNORE_WARNING: 'true',
  });
  if (built !== 0) process.exit(built);

  const specs = readdirSync('e2e')
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => `e2e/${f}`);
  const seconds = JSON.parse(readFileSync('e2e/durations.json', 'utf8')) as Record<string, number>;
  const lanes = dealSpecs(specs, seconds, LANES);
  mkdirSync('.tmp', { recursive: true });
  const engineLanes = ENGINES.map(async (engine, j) => {
    const port = FIRST_PORT + lanes.length + j;
    const t = Date.now();
    const code = await run(
      'npx',
      ['tsx', 'e2e-engines/run.ts', engine],
      { E2E_PORT: String(port), E2E_DIST_DIR: DIST_DIR },
      `[${engine}] `,
    );
    return { name: engine, code, ms: Date.now() - t };
  });
  const results = await Promise.all(
    lanes.map(async (lane, i) => {
      const port = FIRST_PORT + i;
      const report = `.tmp/e2e-report-${port}.json`;
      console.log(`[e2e ${i + 1}] ${lane.files.join(' ')} (≈ ${lane.seconds} s)`);
      const t = Date.now();
      const code = await run(
        'npx',
        ['playwright', 'test', '--reporter=list,json', ...lane.files],
        {
          E2E_PORT: String(port),
          E2E_DIST_DIR: DIST_DIR,
          E2E_PREBUILT: '1',
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        },
        `[e2e ${i + 1}] `,
      );
      return { name: `e2e ${i + 1}`, code, ms: Date.now() - t, report };
    }),
  );
  const engineResults = await Promise.all(engineLanes);
  const durations = { ...seconds };
  for (const r of results) Object.assign(durations, measured(r.report));
  writeFileSync('.tmp/e2e-durations.json', `${JSON.stringify(durations, null, 2)}\n`);
  const all = [...results, ...engineResults];
  for (const r of all) {
    console.log(
      `[${r.name}] ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${Math.round(r.ms / 1000)} s`,
    );
  }
  console.log(`e2e: ${Math.round((Date.now() - started) / 1000)} s in ${all.length} lanes`);
  process.exit(all.some((r) => r.code !== 0) ? 1 : 0);
}

if (process.argv[1]?.endsWith('e2e-lanes.ts')) await main();
