/**
 * The sync engine's own tables (beside the domain tables): shapes of the outbox, conflicts,
 * meta and blobs records. See database.ts for what each table guarantees.
 */
import type { z } from 'zod';
import type { Mutation, pushErrorSchema } from '../domain/sync-contract';
import type { StoredRow, SyncedEntity } from './entity-tables';
import type { StoredBytes } from './stored-bytes';

/** 'inflight' is no longer written (sync/outbox.ts); entries stored with it are still open. */
export type OutboxState = 'pending' | 'inflight' | 'rejected' | 'conflict' | 'deferred';
export type OutboxKind = 'create' | 'update' | 'delete' | 'command';
export type PushError = z.infer<typeof pushErrorSchema>;

/**
 * A queued call (docs/sync.md): the wire mutation plus local bookkeeping. `localSeq` orders the
 * entries as the user made them; the wire `seq` is given when the entry is first pushed, so the
 * server sees one gapless sequence per client even while entries are held or belong to
 * another user (see sync/outbox.ts). `seq` may be null on disk for an entry that has one: a
 * batch's seqs are kept in its client state (meta-repository.ts `numbered`) until the entry
 * is written again; read it through sync/outbox.ts `withWireSeqs`.
 */
export interface OutboxEntry extends Omit<Mutation, 'seq'> {
  localSeq: number;
  seq: number | null;
  kind: OutboxKind;
  /** The table `recordId` lives in (null for commands on no local row). */
  entity: SyncedEntity | null;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  /** The server's refusal of a rejected entry. */
  error: PushError | null;
  /** Epoch ms before which a deferred entry is not retried. */
  nextAttemptAt: number | null;
  /** The row's values before this change (null for creates), to undo it when discarded. */
  undo: Record<string, unknown> | null;
  /**
   * An update laid over a server row: that row's version and its own values of the fields
   * this entry overrides. When the server later answers the entry with an OLDER row (a
   * replayed duplicate after a newer pull), these restore what the server holds now.
   */
  serverBase?: { version: number; values: Record<string, unknown> };
  /**
   * The rows a command wrote on the device (its `rows`), as they were before it: null for a
   * row it created. Discarding the refused command puts them back, so nothing it showed stays.
   */
  restore?: RowBefore[];
  /**
   * The fields a command changed on its own record's row (`recordId`) on the device, as the
   * user left them: a removed cart line's `deletedAt`, a line's new quantity. While the call is
   * open they are laid over any server row of the record that arrives before its answer
   * (sync/rebase.ts), as an update's fields are; absent for a row the command created.
   */
  overlay?: Record<string, unknown>;
  /**
   * Sent again after the server was restored (sync/resend.ts): the server may have lost the
   * files it names, which the device dropped once they were confirmed.
   */
  resent?: boolean;
  createdAt: string;
}

export interface RowBefore {
  entity: SyncedEntity;
  id: string;
  row: StoredRow | null;
}

/** An update the server answered `conflict`: both values of every field both sides changed. */
export interface ConflictRecord {
  mutationId: string;
  entity: SyncedEntity;
  recordId: string;
  fields: string[];
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
  serverRow: StoredRow;
  createdAt: string;
}

export interface MetaRecord {
  key: string;
  value: unknown;
}

export type BlobUploadState = 'pending' | 'uploading' | 'uploaded' | 'failed';

/** A captured file (photo, signature, document) kept until the server confirmed its hash. */
export interface BlobRecord {
  id: string;
  sha256: string;
  mimeType: string;
  size: number;
  /** The bytes (stored-bytes.ts: never a Blob in IndexedDB). */
  data: StoredBytes;
  uploadState: BlobUploadState;
}

/** A downloaded report PDF kept for reading offline (db/report-cache.ts). */
export interface ReportCacheRecord {
  /** `${kind}:${id}` */
  key: string;
  /** The version of the report's row the PDF was made from. */
  version: number;
  /** The PDF (stored-bytes.ts: never a Blob in IndexedDB). */
  data: StoredBytes;
  /** ISO time the PDF was fetched. */
  fetchedAt: string;
}
