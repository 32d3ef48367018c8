/**
 * The device database (IndexedDB through Dexie) — the only module that imports Dexie.
 *
 * Stores:
 * - `sessions`: the last signed-in session (user, roles, customer, tokens) under the key
 *   'current', so the app can open offline (STACK trap 9) and resume sync after a reload.
 * - `settings`: small device settings by key (e.g. the redirect target across sign-in).
 *
 * The sync engine (issue #4) adds the domain tables in a later schema version; versions are
 * only ever added, never edited, so an installed app upgrades in place.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { SessionUser } from '../domain/schemas/session';

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
};

export const DB_NAME = 'schlauchmanager';

export function openDatabase(name: string = DB_NAME): SchlauchDb {
  const db = new Dexie(name) as SchlauchDb;
  db.version(1).stores({
    sessions: 'id',
    settings: 'key',
  });
  return db;
}

let instance: SchlauchDb | null = null;

/** The app's database, opened on first use. */
export function getDatabase(): SchlauchDb {
  instance ??= openDatabase();
  return instance;
}
