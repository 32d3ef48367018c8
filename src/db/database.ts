/**
 * The device database (IndexedDB through Dexie) — the only module that imports Dexie.
 *
 * Stores:
 * - `sessions`: the last signed-in session (user, roles, customer, tokens) under the key
 *   'current', so the app can open offline and resume sync after a reload.
 * - `settings`: small device settings by key (e.g. the redirect target across sign-in).
 * - one table per synced entity (entity-tables.ts): the source of truth the screens read.
 * - `outbox`: every local write as a queued docs/api.md call; an entry leaves only after the
 *   server's answer to it is stored (docs/sync.md).
 * - `conflicts`: per-field mine/theirs of updates the server answered `conflict`.
 * - `meta`: the client id and seq counter per user, the local seq counter, pull cursor and
 *   scope, last sync time.
 * - `blobs`: captured files with their sha256 until the server confirmed them.
 * - `reportCache`: the last downloaded PDF per report (`${kind}:${id}`), for offline reading.
 *   Both keep file bytes as an ArrayBuffer and its type, never a Blob (stored-bytes.ts).
 * - `syncLog`: the flight recorder, the last events of each mutation's way (sync-log.ts).
 * - `answeredBatches`: entries the server answered, one record per answered batch, kept for a
 *   bounded window so a restored server that lost them gets them again (answered.ts).
 *
 * Transactions are 'strict' where the browser supports it (Chromium defaults to 'relaxed',
 * which may lose a committed write on power loss). Versions are only ever added, never
 * edited, so an installed app upgrades in place.
 */
import { Dexie, type EntityTable, type Transaction } from 'dexie';
import type { SessionUser } from '../domain/schemas/session';
import { DAY_PLAN_INDEXES, ENTITY_INDEXES_V2, ENTITY_INDEXES_V5 } from './entity-tables';
import type {
  BlobRecord,
  ConflictRecord,
  MetaRecord,
  OutboxEntry,
  ReportCacheRecord,
} from './records';
import { answeredAsBatches, type AnsweredBatch } from './answered';
import { isLegacyBlob, toStoredBytes } from './stored-bytes';
import type { SyncLogRecord } from './sync-log';

export interface StoredSession {
  id: 'current';
  user: SessionUser;
  accessToken: string;
  /** Epoch milliseconds at which the access token expires. */
  accessTokenExpiresAt: number;
  idToken: string | null;
  refreshToken: string | null;
  savedAt: number;
}

export interface DeviceSetting {
  key: string;
  value: unknown;
}

export type SchlauchDb = Dexie & {
  sessions: EntityTable<StoredSession, 'id'>;
  settings: EntityTable<DeviceSetting, 'key'>;
  meta: EntityTable<MetaRecord, 'key'>;
  outbox: EntityTable<OutboxEntry, 'localSeq'>;
  conflicts: EntityTable<ConflictRecord, 'mutationId'>;
  blobs: EntityTable<BlobRecord, 'id'>;
  reportCache: EntityTable<ReportCacheRecord, 'key'>;
  syncLog: EntityTable<SyncLogRecord, 'id'>;
  answeredBatches: EntityTable<AnsweredBatch, 'id'>;
};

export const DB_NAME = 'schlauchmanager';

/**
 * The device schema version by version (index 0 is version 1). Versions are never edited: a
 * change is a new version. Tests open an older device's database with `declareVersions`.
 */
export const VERSIONS: ReadonlyArray<Readonly<Record<string, string | null>>> = [
  { sessions: 'id', settings: 'key' },
  {
    ...ENTITY_INDEXES_V2,
    meta: 'key',
    outbox: 'localSeq, &mutationId, recordId, userId, state',
    conflicts: 'mutationId, recordId, entity',
    blobs: 'id, sha256, uploadState',
  },
  // v3: blobs by the row they belong to (mutate keeps a new row's own files out of its create).
  { blobs: 'id, sha256, uploadState, rowId' },
  // v4: downloaded report PDFs, so a report opened once online can be read offline.
  { reportCache: 'key' },
  // v5: the initial load's large tables without the indexes no screen queries (entity-tables.ts).
  ENTITY_INDEXES_V5,
  // v6: the technician's day plans (docs/architecture.md "Day plan").
  DAY_PLAN_INDEXES,
  // v7: the flight recorder (sync-log.ts), by record to link a pulled change to its write.
  { syncLog: '++id, recordId' },
  // v8: file bytes as ArrayBuffer + type, never a Blob (stored-bytes.ts); UPGRADES converts.
  {},
  // v9: answered entries kept for re-sending to a restored server (answered.ts).
  { answered: 'localSeq, userId, answeredAt' },
  // v10: answered entries one record per answered batch (answered.ts); UPGRADES moves them.
  { answeredBatches: '++id, answeredAt, lastLocalSeq' },
  // v11: the per-entry store is gone (its entries moved in v10).
  { answered: null },
];

/** The tables and fields that hold file bytes (stored-bytes.ts), with the v7 field name. */
const BYTE_FIELDS = [
  { table: 'blobs', from: 'data', to: 'data' },
  { table: 'reportCache', from: 'blob', to: 'data' },
] as const;

/**
 * v8: rows an older version stored with a Blob get its bytes as `StoredBytes`. Reading a Blob
 * is no IndexedDB request, so `Dexie.waitFor` keeps the upgrade transaction open meanwhile.
 */
async function bytesNotBlobs(tx: Transaction): Promise<void> {
  for (const { table, from, to } of BYTE_FIELDS) {
    const rows = (await tx.table(table).toArray()) as Record<string, unknown>[];
    const legacy = rows.filter((row) => isLegacyBlob(row[from]));
    if (legacy.length === 0) continue;
    const converted = await Dexie.waitFor(
      Promise.all(
        legacy.map(async ({ [from]: blob, ...row }) => ({
          ...row,
          [to]: await toStoredBytes(blob as Blob),
        })),
      ),
    );
    await tx.table(table).bulkPut(converted);
  }
}

/** Data upgrades by the version (1-based) that runs them. */
const UPGRADES: Readonly<Record<number, (tx: Transaction) => Promise<void>>> = {
  8: bytesNotBlobs,
  10: async (tx) => {
    const kept = await tx.table('answered').toArray();
    await tx.table('answeredBatches').bulkAdd(answeredAsBatches(kept));
  },
};

/**
 * Declares the device schema up to version `upTo` (all of it by default) on `db`: only the
 * versions Dexie needs, each with the stores of all versions since the one declared before it —
 * a version with a data upgrade (it must run after the stores before it exist) and the last.
 * Dexie upgrades from the schema the device actually has, so a device at any older version
 * still gets every store and index it lacks and every upgrade after its version. Declaring all
 * nine versions one by one cost the phone's start a long task (docs/performance.md, "The first
 * screen"); database.test.ts opens devices of older versions with this.
 */
export function declareVersions<T extends Dexie>(db: T, upTo: number = VERSIONS.length): T {
  let stores: Record<string, string | null> = {};
  VERSIONS.slice(0, upTo).forEach((since, i) => {
    stores = { ...stores, ...since };
    const version = i + 1;
    const upgrade = UPGRADES[version];
    if (!upgrade && version !== upTo) return;
    const declared = db.version(version).stores(stores);
    if (upgrade) declared.upgrade(upgrade);
    stores = {};
  });
  return db;
}

export function openDatabase(name: string = DB_NAME): SchlauchDb {
  return declareVersions(new Dexie(name, { chromeTransactionDurability: 'strict' }) as SchlauchDb);
}

let instance: SchlauchDb | null = null;

/** The app's database, opened on first use. */
export function getDatabase(): SchlauchDb {
  instance ??= openDatabase();
  return instance;
}
