/**
 * A marker of the outbox kept OUTSIDE IndexedDB (docs/sync.md "Storage at risk"): in
 * localStorage, the database's own id (meta `deviceId`, made with the database) and how much
 * unsent work it holds, rewritten whenever the outbox changes. A browser that deletes the
 * IndexedDB database (Safari after seven days without use, eviction under storage pressure,
 * site data cleared in part) leaves the marker behind: at the next start the database has
 * another id, or none, while the marker still counts unsent work — that work is lost, and
 * the device says so (meta `storageWiped`: the user's banner, the device report).
 *
 * What it cannot see: a browser that clears localStorage together with IndexedDB leaves no
 * marker, and then nothing is detected.
 */
import { liveQuery } from 'dexie';
import { uuidv7 } from '../domain/ids';
import type { SchlauchDb } from './database';
import { getMeta, setMeta } from './meta-repository';

export const OUTBOX_MARKER_KEY = 'schlauchmanager.outbox';
/** The meta key of the database's own id, made once with it. */
export const DEVICE_ID_KEY = 'deviceId';
/** The meta key set when the database was found gone with unsent work. */
export const STORAGE_WIPED_KEY = 'storageWiped';

export interface OutboxMarker {
  deviceId: string;
  /** Outbox entries the server had not taken (unsent, refused, in conflict). */
  pending: number;
  /** When the oldest of them was made; null when none. */
  oldestAt: string | null;
  /** When the marker was last written. */
  updatedAt: string;
}

/** What was lost when the database vanished (meta `storageWiped`). */
export interface StorageWiped {
  /** Entries the marker counted: gone with the database. */
  lost: number;
  /** When the oldest of them was made, as the marker knew it. */
  oldestAt: string | null;
  /** When the marker was last written: the lost database was in use until then. */
  lastSeenAt: string;
  /** When this start found it. */
  detectedAt: string;
  /** The user closed the banner (the device report keeps saying it). */
  acknowledged?: boolean;
}

type MarkerStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): MarkerStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (a privacy setting): no marker, nothing to detect
  }
}

export function readMarker(storage: MarkerStorage | null = browserStorage()): OutboxMarker | null {
  const raw = storage?.getItem(OUTBOX_MARKER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<OutboxMarker>;
    if (typeof parsed.deviceId !== 'string' || typeof parsed.pending !== 'number') return null;
    return {
      deviceId: parsed.deviceId,
      pending: parsed.pending,
      oldestAt: parsed.oldestAt ?? null,
      updatedAt: parsed.updatedAt ?? new Date(0).toISOString(),
    };
  } catch {
    return null;
  }
}

/** The database's own id, made on first use (a new database: a new id). */
export async function databaseDeviceId(db: SchlauchDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const found = await getMeta<string>(db, DEVICE_ID_KEY);
    if (found) return found;
    const made = uuidv7();
    await setMeta(db, DEVICE_ID_KEY, made);
    return made;
  });
}

/**
 * At start, before the marker is written again: when the marker names another database than
 * this one (or this one is new) and counted unsent work, that work is gone. Stored under
 * `storageWiped` (a later start that finds another wipe replaces it) and returned.
 */
export async function detectStorageWiped(
  db: SchlauchDb,
  storage: MarkerStorage | null = browserStorage(),
  now: Date = new Date(),
): Promise<StorageWiped | null> {
  const marker = readMarker(storage);
  const hadId = (await getMeta<string>(db, DEVICE_ID_KEY)) !== undefined;
  const deviceId = await databaseDeviceId(db);
  if (!marker || marker.pending === 0) return null;
  if (hadId && marker.deviceId === deviceId) return null;
  const wiped: StorageWiped = {
    lost: marker.pending,
    oldestAt: marker.oldestAt,
    lastSeenAt: marker.updatedAt,
    detectedAt: now.toISOString(),
  };
  await setMeta(db, STORAGE_WIPED_KEY, wiped);
  // Counted once: the marker now describes this database (watchOutboxMarker rewrites it).
  writeMarker(storage, { deviceId, pending: 0, oldestAt: null, updatedAt: now.toISOString() });
  return wiped;
}

function writeMarker(storage: MarkerStorage | null, marker: OutboxMarker): void {
  try {
    storage?.setItem(OUTBOX_MARKER_KEY, JSON.stringify(marker));
  } catch {
    // A full or blocked localStorage: the marker stays as it was.
  }
}

/** The marker's facts of the outbox now: every entry the server has not taken, any user's. */
export async function outboxMarker(db: SchlauchDb, now: Date = new Date()): Promise<OutboxMarker> {
  const [deviceId, pending, oldest] = await Promise.all([
    getMeta<string>(db, DEVICE_ID_KEY),
    db.outbox.count(),
    db.outbox.orderBy(':id').first(),
  ]);
  return {
    deviceId: deviceId ?? '',
    pending,
    oldestAt: oldest?.createdAt ?? null,
    updatedAt: now.toISOString(),
  };
}

/**
 * Keeps the marker current: rewritten whenever the outbox (or the database's id) changes.
 * Call after `detectStorageWiped`. Returns the function that stops it.
 */
export function watchOutboxMarker(
  db: SchlauchDb,
  storage: MarkerStorage | null = browserStorage(),
): () => void {
  const subscription = liveQuery(() => outboxMarker(db)).subscribe({
    next: (marker) => {
      if (marker.deviceId) writeMarker(storage, marker);
    },
    error: () => {},
  });
  return () => subscription.unsubscribe();
}

/** The user closed the banner: it stays hidden, the device report keeps the fact. */
export async function acknowledgeStorageWiped(db: SchlauchDb): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const wiped = await getMeta<StorageWiped>(db, STORAGE_WIPED_KEY);
    if (wiped) await setMeta(db, STORAGE_WIPED_KEY, { ...wiped, acknowledged: true });
  });
}

/** What was lost, for the banner; undefined while loading. */
export async function storageWiped(db: SchlauchDb): Promise<StorageWiped | null> {
  return (await getMeta<StorageWiped>(db, STORAGE_WIPED_KEY)) ?? null;
}
