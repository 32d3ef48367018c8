/**
 * `npm test`: every check of the repository in two tracks: the **checks** — typecheck and
 * lint side by side, then the unit and integration tests (Vitest) — and **end to end**, scripts/e2e-lanes.ts
 * (one build, the Chromium lanes and the other engines' lanes side by side). The tracks run one
 * after the other: side by side (`TEST_SIDE_BY_SIDE=1`) the start, where Vitest, the build and
 * five browsers meet on two cores, made sign-ins take 50–100 s and end-to-end tests time out
 * (docs/testing.md "Where the time goes"). Each track's output is prefixed with its name; every
 * track runs to its end, each phase's result and seconds are printed at the end, and the exit
 * code is non-zero when any failed. `TEST_TRACKS=checks` or `TEST_TRACKS=e2e` runs one track.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Phase {
  name: string;
  command: string;
  args: string[];
}

/** A track is steps one after the other; the phases of a step run side by side. */
const TRACKS: Record<string, Phase[][]> = {
  checks: [
    // One core each, about a minute each: side by side.
    [
      { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
      { name: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
    ],
    [{ name: 'unit', command: 'npm', args: ['run', '-s', 'test:unit'] }],
  ],
  e2e: [[{ name: 'e2e', command: 'npm', args: ['run', '-s', 'test:e2e'] }]],
};

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

function runPhase(phase: Phase, prefix: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(phase.command, phase.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) =>
        process.stdout.write(`${prefix}${line}\n`),
      );
    }
    const done = (code: number) =>
      resolve({ name: phase.name, code, seconds: Math.round((Date.now() - started) / 1000) });
    child.on('error', () => done(1));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** A track's steps one after the other; a failed phase ends the track (the others go on). */
async function runTrack(name: string, steps: Phase[][]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const step of steps) {
    const outcomes = await Promise.all(step.map((phase) => runPhase(phase, `[${name}] `)));
    out.push(...outcomes);
    if (outcomes.some((o) => o.code !== 0)) break;
  }
  return out;
}

const chosen = (process.env.TEST_TRACKS ?? Object.keys(TRACKS).join(','))
  .split(',')
  .map((t) => t.trim())
  .filter((t) => t in TRACKS);
if (chosen.length === 0) {
  console.error(`TEST_TRACKS names no track (${Object.keys(TRACKS).join(', ')})`);
  process.exit(2);
}
const started = Date.now();
const outcomes: Outcome[] = [];
if (process.env.TEST_SIDE_BY_SIDE === '1') {
  outcomes.push(...(await Promise.all(chosen.map((t) => runTrack(t, TRACKS[t]!)))).flat());
} else {
  for (const t of chosen) outcomes.push(...(await runTrack(t, TRACKS[t]!)));
}
const skipped = chosen.flatMap((t) =>
  TRACKS[t]!.flat()
    .filter((p) => !outcomes.some((o) => o.name === p.name))
    .map((p) => p.name),
);
for (const o of outcomes) {
  console.log(
    `test ${o.name}: ${o.code === 0 ? 'passed' : `FAILED (exit ${o.code})`} in ${o.seconds} s`,
  );
}
for (const name of skipped) console.log(`test ${name}: not run (an earlier phase failed)`);
console.log(`test: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(outcomes.some((o) => o.code !== 0) || skipped.length > 0 ? 1 : 0);
