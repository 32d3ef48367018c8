/**
 * The `meta` table: the sync engine's small facts, each under its own key.
 *
 * - `localSeq`: counter giving every outbox entry its local order (incremented in the write's
 *   own transaction, so two writes never share a number).
 * - `client:<userId>`: that user's client id (UUIDv7, made once), the last wire seq handed
 *   out and the seqs of entries not rewritten since — one gapless stream per user, so a
 *   second user on the device never leaves holes in the first one's sequence — plus why the
 *   stream is broken, if it is.
 * - `pull`: the change-feed cursor and the scope it was cut for, and whether the feed is being
 *   read from its start (a new device or after a reset) and has pages to come.
 * - `lastSyncAt`: ISO time of the last sync that reached the server.
 *
 * Counter functions must run inside a rw transaction that includes `meta`.
 */
import { uuidv7 } from '../domain/ids';
import type { SchlauchDb } from './database';

export interface ClientState {
  clientId: string;
  lastSeq: number;
  /**
   * Set by earlier versions when the server's sequence could not be continued; now the stream
   * is re-based instead (sync/push.ts rebaseStream), which clears it.
   */
  broken: string | null;
  /**
   * `[localSeq, seq]`: wire seqs handed out to entries that still carry `seq: null` on disk
   * (sync/push.ts prepareBatch). A batch is numbered here, in one write, instead of by
   * rewriting its 200 entries. Whoever deletes such an entry, writes its seq onto it or
   * resets it drops its pair in the same transaction (`dropNumbered`). Read the entries
   * through sync/outbox.ts `withWireSeqs`.
   */
  numbered?: Array<[localSeq: number, seq: number]>;
  /**
   * No entry with a wire seq (on disk or in `numbered`) has a larger local seq: prepareBatch
   * reads the queue only up to it and a batch beyond. 0 in a new stream; absent in one an
   * earlier version made: the whole queue is read once and it is set.
   */
  numberedTo?: number;
}

export interface PullState {
  cursor: string | null;
  scope: string | null;
  /**
   * True while the feed is read from its start (no cursor: a new device, after a 410 or a
   * scope change) and more pages are to come; absent otherwise (sync/pull.ts applyPage).
   */
  initialLoad?: true;
}

/** The meta key of a user's client stream (see ClientState). */
export const clientKey = (userId: string) => `client:${userId}`;

export async function getMeta<T>(db: SchlauchDb, key: string): Promise<T | undefined> {
  const row = await db.meta.get(key);
  return row?.value as T | undefined;
}

export async function setMeta(db: SchlauchDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/** The next local order number (1, 2, 3 …). */
export async function nextLocalSeq(db: SchlauchDb): Promise<number> {
  const next = ((await getMeta<number>(db, 'localSeq')) ?? 0) + 1;
  await setMeta(db, 'localSeq', next);
  return next;
}

/** The user's client stream on this device, created on first use. */
export async function clientState(db: SchlauchDb, userId: string): Promise<ClientState> {
  const found = await getMeta<ClientState>(db, clientKey(userId));
  if (found) return found;
  // Nothing was numbered without the stream: a new one's mark is 0 (see numberedTo).
  const created: ClientState = { clientId: uuidv7(), lastSeq: 0, broken: null, numberedTo: 0 };
  await setMeta(db, clientKey(userId), created);
  return created;
}

/**
 * Every user's client stream on this device, by meta key: their numbered seqs together are
 * what sync/outbox.ts `withWireSeqs` needs for entries of any user (local seqs are unique
 * across users).
 */
export async function clientStreams(db: SchlauchDb): Promise<Map<string, ClientState>> {
  const streams = await db.meta.where(':id').startsWith(clientKey('')).toArray();
  return new Map(streams.map((m) => [m.key, m.value as ClientState]));
}

/** The numbered seqs of all these streams in one list (local seqs are unique across users). */
export function allNumbered(
  streams: Map<string, ClientState>,
): NonNullable<ClientState['numbered']> {
  return [...streams.values()].flatMap((c) => c.numbered ?? []);
}

/** `state` without the numbered seqs of the entries `drop` names; null when it had none. */
export function withoutNumbered(
  state: ClientState,
  drop: (localSeq: number) => boolean,
): ClientState | null {
  const kept = state.numbered?.filter(([localSeq]) => !drop(localSeq));
  return kept && kept.length !== state.numbered?.length ? { ...state, numbered: kept } : null;
}

/**
 * Forgets the numbered seqs of these entries (they were deleted, or their seq was written onto
 * them, or reset): in the transaction that does so, which must include `meta`.
 */
export async function dropNumbered(
  db: SchlauchDb,
  userId: string,
  localSeqs: Iterable<number>,
): Promise<void> {
  const state = await getMeta<ClientState>(db, clientKey(userId));
  const drop = new Set(localSeqs);
  const changed = state && withoutNumbered(state, (localSeq) => drop.has(localSeq));
  if (changed) await saveClientState(db, userId, changed);
}

export async function saveClientState(
  db: SchlauchDb,
  userId: string,
  state: ClientState,
): Promise<void> {
  await setMeta(db, clientKey(userId), state);
}

export async function pullState(db: SchlauchDb): Promise<PullState> {
  return (await getMeta<PullState>(db, 'pull')) ?? { cursor: null, scope: null };
}

export async function savePullState(db: SchlauchDb, state: PullState): Promise<void> {
  await setMeta(db, 'pull', state);
}

export async function lastSyncAt(db: SchlauchDb): Promise<string | null> {
  return (await getMeta<string>(db, 'lastSyncAt')) ?? null;
}

export async function saveLastSyncAt(db: SchlauchDb, at: string): Promise<void> {
  await setMeta(db, 'lastSyncAt', at);
}
