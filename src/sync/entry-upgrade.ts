/**
 * Outbox entries written by an earlier app version replay after an update (docs/sync.md
 * "App updates"): each entry carries the `schemaVersion` of the shape it was written in, and
 * the device brings an older one up to `SYNC_SCHEMA_VERSION` through a chain of pure steps,
 * one per version, before it is sent. A step never changes the call itself (method, path,
 * body, mutationId): the server answers an entry it already knows by its mutationId.
 *
 * - v0, before entries carried a schema version: the wire fields the contract has since
 *   defaulted (`dependsOn`, `baseVersion`, `changedFields`, `recordId`) and the bookkeeping
 *   fields may be missing.
 * - v1: an entry in a batch on the wire was rewritten as `state: 'inflight'` with its seq;
 *   since v2 the batch's seqs live in the client state and entries stay `pending`
 *   (db/meta-repository.ts `ClientState.numbered`), so an inflight entry is a pending one that
 *   keeps its seq — sent again first, answered by mutationId.
 */
import { SYNC_SCHEMA_VERSION } from '../domain/sync-contract';
import type { OutboxEntry } from '../db/records';

/** An entry as an earlier version stored it: any field may be missing. */
export type StoredEntry = Partial<OutboxEntry>;

type Step = (entry: StoredEntry) => StoredEntry;

/** `STEPS[n]` takes an entry of version n to version n + 1. */
const STEPS: readonly Step[] = [
  (e) => ({
    ...e,
    recordId: e.recordId ?? null,
    baseVersion: e.baseVersion ?? null,
    changedFields: e.changedFields ?? null,
    dependsOn: e.dependsOn ?? [],
    attempts: e.attempts ?? 0,
    lastError: e.lastError ?? null,
    error: e.error ?? null,
    nextAttemptAt: e.nextAttemptAt ?? null,
    undo: e.undo ?? null,
    schemaVersion: 1,
  }),
  (e) => ({
    ...e,
    state: e.state === 'inflight' ? 'pending' : e.state,
    schemaVersion: 2,
  }),
];

if (STEPS.length !== SYNC_SCHEMA_VERSION) {
  throw new Error('an upgrade step is missing for SYNC_SCHEMA_VERSION');
}

/** The version an entry was written in (none: v0). */
export function entryVersion(entry: StoredEntry): number {
  return typeof entry.schemaVersion === 'number' ? entry.schemaVersion : 0;
}

/** True when `entry` is older than this app's entries. */
export function needsUpgrade(entry: StoredEntry): boolean {
  return entryVersion(entry) < SYNC_SCHEMA_VERSION;
}

/**
 * The entry in the current shape. An entry of a NEWER version (written by a newer tab, then
 * the app went back) is returned as it is: the server's contract defaults what it lacks.
 */
export function upgradeEntry(entry: StoredEntry): OutboxEntry {
  let e = entry;
  for (let v = entryVersion(entry); v < SYNC_SCHEMA_VERSION; v++) e = STEPS[v]!(e);
  return e as OutboxEntry;
}
