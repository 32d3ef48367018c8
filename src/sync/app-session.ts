/**
 * The sync package's app-wide instances: the `mutate` every screen writes through, bound to
 * the app database, and the calls screens make on the running sync (send now, count what is
 * unsent, ask for a run). Who is signed in and how a run is asked for are handed in by the
 * composition root (app/shell/sync-root.ts) through `bindSyncSession` — this package knows
 * neither the auth store nor the scheduler's owner. Tests build their own engine and mutator
 * (engine.ts, mutate.ts) instead of these.
 */
import { getDatabase } from '../db/database';
import { SyncEngine } from './engine';
import { createMutator } from './mutate';
import { outboxCounts } from './outbox';

export interface SyncSession {
  /** The session's access token, null when there is none. */
  getToken(): string | null;
  /** The signed-in user's id: only their entries are written and sent. */
  getUserId(): string | null;
  /** Asks the running sync for a run soon (a local write, a retried file). */
  requestRun(): void;
}

let session: SyncSession = { getToken: () => null, getUserId: () => null, requestRun: () => {} };
let markBound: () => void = () => {};
/**
 * Resolves once the composition root has bound the session. The root loads after the first
 * paint: a screen opened directly (sign-out with unsent changes) may ask before.
 */
const bound = new Promise<void>((resolve) => (markBound = resolve));
const BIND_WAIT_MS = 10_000;

let isBound = false;

function sessionBound(): Promise<void> {
  if (isBound) return Promise.resolve();
  return Promise.race([bound, new Promise<void>((r) => setTimeout(r, BIND_WAIT_MS))]);
}

/** Called once by the composition root; until then nothing is signed in. */
export function bindSyncSession(next: SyncSession): void {
  session = next;
  isBound = true;
  markBound();
}

/** The one write function (see mutate.ts): `mutate.create / update / remove / command`. */
export const mutate = createMutator({
  db: getDatabase,
  getUserId: () => session.getUserId(),
  ready: sessionBound,
  onWrite: () => session.requestRun(),
});

/** The signed-in user's entries not yet taken by the server (waiting, rejected, in conflict). */
export async function unsentChanges(): Promise<number> {
  await sessionBound();
  const userId = session.getUserId();
  if (!userId) return 0;
  const counts = await outboxCounts(getDatabase(), userId);
  return counts.pending + counts.problems;
}

const BUSY_RETRY_MS = 500;
const BUSY_ATTEMPTS = 20;

/**
 * One sync run now (sign-out offers it). A run of the background engine holds the cross-tab
 * lock; then this waits for it to finish and runs once more, so what was written last is sent.
 */
export async function syncNow(): Promise<void> {
  await sessionBound();
  const engine = new SyncEngine({
    db: getDatabase(),
    getToken: () => session.getToken(),
    getUserId: () => session.getUserId(),
  });
  for (let attempt = 0; attempt < BUSY_ATTEMPTS; attempt++) {
    const outcome = await engine.syncOnce();
    if (outcome.kind !== 'busy') return;
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
  }
}

/** Asks the background sync (data and files) to run now, e.g. after a failed file is retried. */
export function requestSync(): void {
  session.requestRun();
}
