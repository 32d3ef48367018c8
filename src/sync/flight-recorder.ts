/**
 * What the sync engine tells the flight recorder (docs/sync.md "Flight recorder";
 * db/sync-log.ts): each entry's way through push, answer and pull as log events. Only ids,
 * names, seqs, versions and codes — the error's message and the call's body stay out.
 */
import type { PushResult } from '../domain/sync-contract';
import type { OutboxEntry } from '../db/records';
import type { SchlauchDb } from '../db/database';
import { clientKey, getMeta, type ClientState } from '../db/meta-repository';
import { readSyncLog, type SyncLogRecord } from '../db/sync-log';
import { APP_VERSION } from './device-report';
import { AuthError, HttpError, NetworkError } from '../lib/api/http-errors';

type Event = Omit<SyncLogRecord, 'id' | 'at'>;

const about = (e: OutboxEntry) => ({
  mutationId: e.mutationId,
  entity: e.entity,
  name: e.name,
  recordId: e.recordId,
});

/**
 * A push request as it goes out: once per request, naming its first entry, its first seq and
 * its size (its entries follow on in seq). An event per entry cost a replay of 1 000 creates
 * in Chromium about a tenth of its time (bench/README.md); each entry's answer is its own event.
 */
export function sentEvent(entries: readonly OutboxEntry[]): Event {
  return requestEvent('sent', entries);
}

/** A request-wide event: the request's first entry, its first seq and its size. */
function requestEvent(event: 'sent' | 'push-failed', entries: readonly OutboxEntry[]): Event {
  const first = entries[0];
  return {
    event,
    ...(first ? about(first) : { mutationId: null, entity: null }),
    seq: first?.seq ?? null,
    count: entries.length,
  };
}

/** The row version an answer carries (its result or the server's row), if it names one. */
function versionOf(value: unknown): number | undefined {
  const version = (value as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : undefined;
}

/** The server's answer to an entry (none: the server stopped before it). */
export function answerEvent(entry: OutboxEntry, answer: PushResult | undefined): Event {
  if (!answer) return { event: 'unanswered', ...about(entry), seq: entry.seq };
  const base = { event: answer.status, ...about(entry), seq: answer.seq };
  switch (answer.status) {
    case 'applied':
    case 'duplicate': {
      const version = versionOf(answer.result);
      return { ...base, status: answer.httpStatus, ...(version ? { version } : {}) };
    }
    case 'conflict': {
      const version = versionOf(answer.serverRow);
      return { ...base, ...(version ? { version } : {}) };
    }
    case 'rejected':
      return { ...base, status: answer.error.status, code: answer.error.code };
    case 'deferred':
      return base;
  }
}

/** The code a failed request is logged with: the server's, or what kept it from answering. */
function failureOf(err: unknown): { status?: number; code: string } {
  if (err instanceof HttpError) return { status: err.status, code: err.code };
  if (err instanceof AuthError) return { status: 401, code: 'unauthorized' };
  if (err instanceof NetworkError) return { code: 'offline' };
  return { code: 'failed' };
}

/** A push request that failed as a whole: one event, naming its first entry and its size. */
export function pushFailedEvent(entries: readonly OutboxEntry[], err: unknown): Event {
  return { ...requestEvent('push-failed', entries), ...failureOf(err) };
}

/** A pull that failed. */
export function pullFailedEvent(err: unknown): Event {
  return { event: 'pull-failed', mutationId: null, entity: null, ...failureOf(err) };
}

/** What "Export sync log" downloads: the log and whose device it is, as JSON. */
export interface SyncLogExport {
  fileName: string;
  json: string;
}

/**
 * The flight recorder as a file for support: the device (the user's sync client id, as the
 * server's Devices screen names it), the app version, the time, and the events oldest first.
 */
export async function exportSyncLog(
  db: SchlauchDb,
  userId: string,
  now: Date = new Date(),
): Promise<SyncLogExport> {
  const [stream, events] = await Promise.all([
    getMeta<ClientState>(db, clientKey(userId)),
    readSyncLog(db),
  ]);
  const deviceId = stream?.clientId ?? 'no-sync-yet';
  const exportedAt = now.toISOString();
  const document = { deviceId, userId, appVersion: APP_VERSION, exportedAt, events };
  return {
    fileName: `sync-log-${deviceId}-${exportedAt.slice(0, 10)}.json`,
    json: JSON.stringify(document, null, 1),
  };
}
