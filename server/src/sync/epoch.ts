/**
 * The sync epoch: an id of this server's history, kept with its data (the server value
 * `sync-epoch`, db/server-values.ts) and replaced by every restore (scripts/restore.ts). A restored server has
 * forgotten whatever happened after its snapshot — change-log seqs and push sequences start
 * again from older values — so a device that synced with the server before must not trust its
 * cursor. The pull feed names the epoch in its `scope` (pull.service.ts): a device that sees
 * another scope than its rows were cut for re-reads its scopes from the start, keeping its
 * outbox (src/sync/pull.ts), and a push stream the restored server does not know that far is
 * renumbered where the server stands (src/sync/push.ts, 409 seq_gap).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getOrCreateServerValue } from '../db/server-values';

export const SYNC_EPOCH = 'sync-epoch';

export function syncEpoch(db: Kysely<Database>): Promise<string> {
  return getOrCreateServerValue(db, SYNC_EPOCH, () => Promise.resolve(randomUUID()));
}
