// @vitest-environment node
/**
 * Property-based runs of the offline sync engine (issues #4, #16): random writes, faulty
 * syncs and restarts across two devices against the real server in-process (SQLite) — with
 * photos and signatures on the real blob path, DGUV audits with answers, writes made while
 * a sync is under way, a tombstone purge that answers old cursors with 410, and a second tab
 * of one device syncing at the same time — then a quiet phase without faults. After quiet
 * (property-invariants.ts):
 * (a) every create is on the server exactly once, or visible on its device as a rejected
 *     entry (or held behind one) and absent from the server — never silently gone;
 * (b) each device's live rows equal the server's live rows by id and fields, leaving out
 *     records the device still has outbox entries for;
 * (c) no mutation was applied twice (no mutationId answered `applied` more than once, each
 *     server row's version is 1 + the updates/deletes applied to it);
 * (d) the last value a user wrote to a field is the server's value (no write lost);
 * (e) every file a live row names is on the server with the captured bytes, once.
 * What the runs exercised is counted and asserted below, so a generator change that stops
 * reaching a path fails the test. `npm run soak` runs 1 000 random cases.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { actionsArb, MAX_ACTIONS, type Action } from './property-actions';
import { checkInvariants } from './property-invariants';
import { PropertyRun, seen } from './property-world';

const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 25);
/**
 * A fixed seed by default, so that `npm test` and CI run the same cases every time (a red CI
 * must mean a change broke something, not that a new random case was drawn); PROPERTY_SEED=
 * random explores new cases, PROPERTY_SEED=<n> (with PROPERTY_PATH=<path>) replays one run.
 */
const SEED_ENV = process.env.PROPERTY_SEED ?? '20261125';
const SEED = SEED_ENV === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(SEED_ENV);
const PATH = process.env.PROPERTY_PATH;
/** Time for all runs: generous per run, so a slow machine is not mistaken for a cut run. */
const TIME_LIMIT_MS = Math.max(120_000, NUM_RUNS * 6_000);

let started = 0;

/** One run: a fresh server world, two devices, the actions, the quiet phase, the checks. */
async function runOnce(actions: Action[], sameUser: boolean): Promise<void> {
  started += 1;
  // Long soaks say how far they are (vitest shows console output only at the end).
  if (NUM_RUNS >= 100 && started % 50 === 0) {
    process.stderr.write(`property: run ${started} at ${new Date().toISOString()}\n`);
  }
  const run = await PropertyRun.start(sameUser);
  try {
    for (const a of actions) await run.act(a);
    await run.quiet();
    await checkInvariants(run);
  } finally {
    await run.close();
  }
}

/**
 * Counterexamples found by earlier runs, replayed first on every run. Found 2026-11-22
 * (seed -1933032986): a create whose answer was lost is replayed after the other device
 * deleted its machine (cascading to the hose); the pull removes the hose, then the replay's
 * `duplicate` answer writes the stored (stale, live) row back — the device shows a hose the
 * server has deleted, for good.
 */
const EXAMPLES: [Action[], boolean][] = [
  [
    [
      { kind: 'createPipe', dev: 1, pick: 0, position: 1, clash: true },
      { kind: 'delete', dev: 0, pick: 0 },
      { kind: 'sync', dev: 1, fault: 'drop-response', on: 'push' },
      { kind: 'createMachine', dev: 0, comment: 'a' },
    ],
    false,
  ],
  // Soak seed 386485045: device 1 sets a machine type; device 0 sets it and back to empty
  // before sending (its net change: none). The server keeps device 1's value — the world
  // forgets a write that an unsent entry takes back (property-world.ts rememberWrites).
  [
    [
      { kind: 'update', dev: 1, pick: 0, field: 2, text: 'a', num: 1 },
      { kind: 'update', dev: 0, pick: 0, field: 2, text: 'a', num: 1 },
      { kind: 'update', dev: 0, pick: 0, field: 2, text: null, num: 1 },
      {
        kind: 'writeDuringSync',
        dev: 0,
        on: 'pull',
        after: false,
        fault: 'none',
        write: { kind: 'update', pick: 0, field: 0, text: 'a', num: 1 },
      },
    ],
    false,
  ],
  // Soak seed 1580258512: device 0 sets a machine's position to "Halle 1" and
  // syncs, then "a" offline; device 1, which never pulled the first, sets "Halle 1" in a
  // second tab and syncs (no change on the server); device 0's "a" applies after it — it
  // was made on "Halle 1" (property-invariants.ts lastWritesLanded).
  [
    [
      {
        kind: 'writeDuringSync',
        dev: 0,
        on: 'pull',
        after: false,
        fault: 'none',
        write: { kind: 'update', pick: 0, field: 1, text: 'Halle 1', num: 1 },
      },
      { kind: 'sync', dev: 0, fault: 'none', on: 'pull', nth: 1 },
      { kind: 'update', dev: 0, pick: 0, field: 1, text: 'a', num: 1 },
      {
        kind: 'twoTabs',
        dev: 1,
        write: { kind: 'update', pick: 0, field: 1, text: 'Halle 1', num: 1 },
      },
      {
        kind: 'writeDuringSync',
        dev: 1,
        on: 'pull',
        after: false,
        fault: 'none',
        write: { kind: 'update', pick: 0, field: 0, text: 'a', num: 1 },
      },
      { kind: 'photo', dev: 0, pick: 0, onNew: false },
    ],
    false,
  ],
];

/**
 * Found 2026-11-25 with a random seed, fixed: an update pushed with its answer
 * lost is replayed after the device has pulled a newer version of the record (another
 * device's edit) — the pull laid the still-queued update over that newer row, the replay's
 * `duplicate` answer is older than the local row, and the device used to keep its own old
 * value for good (server: INV-b-2, device: INV-b-1). Now each queued update remembers the
 * server's values under it (`serverBase`) and they come back when it leaves (rebase.ts
 * `dropStaleOverlay`). Kept as a fixed regression case.
 */
const STALE_DUPLICATE: Action[] = [
  { kind: 'createMachine', dev: 1, comment: 'a' },
  { kind: 'sync', dev: 1, fault: 'none', on: 'pull' },
  { kind: 'createMachine', dev: 0, comment: 'a' },
  { kind: 'sync', dev: 1, fault: 'network-error', on: 'pull' },
  { kind: 'update', dev: 1, pick: 1211159464, field: 1347679529, text: 'b', num: 4 },
  { kind: 'createPipe', dev: 1, pick: 754130825, position: 13, clash: false },
  { kind: 'update', dev: 1, pick: 281810746, field: 162791835, text: 'b', num: 1 },
  { kind: 'sync', dev: 1, fault: 'drop-response', on: 'push' },
  { kind: 'sync', dev: 0, fault: 'none', on: 'pull' },
  { kind: 'update', dev: 0, pick: 673718697, field: 1677820511, text: 'b', num: 2 },
  { kind: 'delete', dev: 0, pick: 343682624 },
  { kind: 'createMachine', dev: 1, comment: 'a' },
  { kind: 'delete', dev: 1, pick: 260052492 },
  { kind: 'update', dev: 1, pick: 989125139, field: 352386853, text: 'a', num: 4 },
  { kind: 'update', dev: 1, pick: 350590469, field: 2103268301, text: null, num: 3 },
  { kind: 'sync', dev: 1, fault: 'network-error', on: 'push' },
  { kind: 'delete', dev: 1, pick: 1846407561 },
  { kind: 'restart', dev: 1, midFlight: false },
  { kind: 'sync', dev: 0, fault: 'drop-response', on: 'push' },
  { kind: 'createMachine', dev: 0, comment: 'b' },
  { kind: 'createPipe', dev: 0, pick: 979775029, position: 6, clash: false },
  { kind: 'createPipe', dev: 0, pick: 1668386008, position: 17, clash: false },
] as Action[];

/**
 * Found 2026-11-25 by this test (finding F1, fixed): device 0 starts and finishes a DGUV audit
 * offline (the signature PNG was uploaded to the audit, the signature's create deferred on the
 * server until it was there); device 1 (another user) deletes the machine, which deletes the
 * audit; the upload got 404 for ever, the signature create stayed deferred at the head of
 * device 0's stream, and device 0's later machine create never reached the server, without
 * any entry shown as refused. Now the PNG is the signature row's own file, uploaded before the
 * row exists, and the audit's finish is refused visibly.
 */
const F1_FILE_OF_DELETED_ROW: Action[] = [
  { kind: 'auditStart', dev: 0, pick: 0 },
  { kind: 'auditFinish', dev: 0, pick: 0 },
  { kind: 'delete', dev: 1, pick: 0 },
  { kind: 'createMachine', dev: 0, comment: 'a' },
];

/**
 * F1's simpler shape: a new photo of an existing machine (the update deferred until the
 * upload) whose machine another user deletes and syncs first. The upload's 404 now fails the
 * file for good (shown on Sync issues) and the server answers the deferred update as refused,
 * since it would be refused once the file came: the later machine create goes on.
 */
const F1_PHOTO_OF_DELETED_ROW: Action[] = [
  { kind: 'photo', dev: 0, pick: 0, onNew: false },
  { kind: 'delete', dev: 1, pick: 0 },
  { kind: 'sync', dev: 1, fault: 'none', on: 'push' },
  { kind: 'createMachine', dev: 0, comment: 'a' },
];

/**
 * Found 2026-11-25 by `npm run soak` (seed 1400241569; finding F3, fixed): an answer with a
 * photo is created, a second photo is added while the create is already on its way (so it
 * goes in an update), and its upload reaches the server before the create: stored unbound, the
 * create does not name it, and only the update does — the file stayed unbound (to be purged
 * after a week). Now an update that names an unbound upload of its row binds it too.
 */
const F3_PHOTO_NAMED_BY_AN_UPDATE: Action[] = [
  { kind: 'auditAnswer', dev: 1, pick: 0, value: 0, photo: true },
  {
    kind: 'writeDuringSync',
    dev: 1,
    on: 'pull',
    after: false,
    fault: 'none',
    write: { kind: 'update', pick: 0, field: 0, text: 'a', num: 1 },
  },
  { kind: 'auditAnswer', dev: 1, pick: 0, value: 0, photo: true },
  { kind: 'upload', dev: 0, fault: 'none' },
];

/**
 * Found 2026-11-25 by `npm run soak` (seed 461050167): a photo set on a machine another user
 * deletes; the photo's update was deferred, then its upload answered 404 and failed — and the
 * deferred update waited out its backoff instead of being sent and refused at once.
 */
const F4_DEFERRED_AFTER_FAILED_UPLOAD: Action[] = [
  { kind: 'delete', dev: 0, pick: 0 },
  { kind: 'photo', dev: 1, pick: 0, onNew: false },
  { kind: 'sync', dev: 1, fault: 'none', on: 'pull' },
];

/**
 * Found 2026-11-25 by `npm run soak` (seed 2034358205; finding F2, fixed): a hose with an
 * answer of a running audit is deleted (the answer stays live), then the server purges its
 * tombstones: the hard delete of the hose failed the answer's foreign key, and the whole purge
 * failed (so the horizon never moved again). Now the hose's tombstone stays until the answer
 * goes (server/src/sync/tombstone-purge.ts) and the purge fails the run if it throws.
 */
const F2_PURGE_FOREIGN_KEY: Action[] = [
  { kind: 'auditAnswer', dev: 0, pick: 0, value: 0, photo: true },
  { kind: 'sync', dev: 0, fault: 'none', on: 'pull' },
  { kind: 'delete', dev: 0, pick: 122332685 },
  { kind: 'upload', dev: 0, fault: 'none' },
  { kind: 'sync', dev: 0, fault: 'none', on: 'pull' },
  { kind: 'purge' },
  {
    kind: 'writeDuringSync',
    dev: 0,
    on: 'pull',
    after: false,
    fault: 'none',
    write: { kind: 'createMachine', comment: 'a' },
  },
];

/**
 * What the runs must have exercised, per run (so with 25 runs: 25 × the rate, rounded up).
 * The rates are about 40 % of what the fixed seed reaches (a fifth for the rare ones), so an
 * engine change may move the numbers, but a generator that stops reaching a path (no more
 * conflicts, uploads, 410s, second tabs …) fails.
 */
const MIN_PER_RUN: Record<string, number> = {
  'applied create': 2.5,
  'applied update': 1,
  'applied delete': 0.3,
  duplicate: 0.5,
  rejected: 0.2,
  conflict: 0.04,
  deferred: 0.5,
  'rows compared': 4,
  'last writes compared': 1,
  'fault drop-response': 0.4,
  'fault network-error': 0.2,
  'fault fail-503': 0.3,
  restart: 0.3,
  'created dguvAudit': 0.4,
  'created dguvAnswer': 0.3,
  'answer updated': 0.2,
  'audit finished': 0.1,
  'created signature': 0.04,
  'photo on new row': 0.2,
  'photo on existing row': 0.15,
  'files compared': 0.4,
  'files stored': 0.5,
  'files bound': 0.2,
  'upload 201': 0.5,
  'write during sync': 0.2,
  'two tabs': 0.2,
  'pull 410': 0.04,
  'push sent ahead': 1.3,
  'fault on a later push': 0.04,
};

describe('sync engine properties (two devices, faults, restarts, files, audits, tabs, 410)', () => {
  afterAll(() => {
    console.log(`property counters: ${JSON.stringify(seen)}`);
  });

  it(
    'every mutation applies once or shows as rejected; devices equal the server after quiet',
    async () => {
      const started = Date.now();
      const replay = `seed ${SEED}${PATH ? ` path ${PATH}` : ''}`;
      if (NUM_RUNS >= 100) process.stderr.write(`property: ${replay}, ${NUM_RUNS} runs\n`);
      const before = { ...seen };
      await fc.assert(fc.asyncProperty(actionsArb, fc.boolean(), runOnce), {
        numRuns: NUM_RUNS,
        examples: process.env.PROPERTY_EXAMPLES === 'off' || PATH ? [] : EXAMPLES,
        interruptAfterTimeLimit: TIME_LIMIT_MS,
        markInterruptAsFailure: true,
        seed: SEED,
        ...(PATH ? { path: PATH } : {}),
        endOnFailure: false,
      });
      const ms = Date.now() - started;
      console.log(`property: ${replay}: ${NUM_RUNS} runs × ≤${MAX_ACTIONS} actions in ${ms} ms`);
      if (PATH) return; // a replay of one case proves nothing about coverage
      const runs = (seen['checked runs'] ?? 0) - (before['checked runs'] ?? 0);
      expect(runs, 'every run was checked').toBeGreaterThanOrEqual(NUM_RUNS);
      for (const [key, rate] of Object.entries(MIN_PER_RUN)) {
        const got = (seen[key] ?? 0) - (before[key] ?? 0);
        expect(got, `runs exercised "${key}"`).toBeGreaterThanOrEqual(Math.ceil(rate * NUM_RUNS));
      }
    },
    TIME_LIMIT_MS + 120_000,
  );

  it('F1: an audit finished offline whose machine another user deleted does not block the device', async () => {
    await runOnce(F1_FILE_OF_DELETED_ROW, false);
  }, 60_000);

  it('F1: a photo of a machine another user deletes before the upload does not block the device', async () => {
    await runOnce(F1_PHOTO_OF_DELETED_ROW, false);
  }, 60_000);

  it('F3: a photo an update names, uploaded before its row was created, is bound to the row', async () => {
    await runOnce(F3_PHOTO_NAMED_BY_AN_UPDATE, false);
  }, 60_000);

  it('F4: a call waiting for a file that failed is refused at once, not after its backoff', async () => {
    await runOnce(F4_DEFERRED_AFTER_FAILED_UPLOAD, false);
  }, 60_000);

  it('F2: a tombstone purge after deleting a hose with a live answer keeps the hose and purges the rest', async () => {
    await runOnce(F2_PURGE_FOREIGN_KEY, false);
  }, 60_000);

  it('a replayed update answered after a newer pull leaves the newer value, not the old one', async () => {
    await runOnce(STALE_DUPLICATE, false);
  }, 60_000);
});
