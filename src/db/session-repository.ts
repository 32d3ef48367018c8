import type { SchlauchDb, StoredSession } from './database';

export async function loadSession(db: SchlauchDb): Promise<StoredSession | undefined> {
  return db.sessions.get('current');
}

export async function saveSession(db: SchlauchDb, session: StoredSession): Promise<void> {
  await db.sessions.put(session);
}

/** The stored session's user replaced, if a session is stored (one atomic update). */
export async function updateSessionUser(
  db: SchlauchDb,
  user: StoredSession['user'],
): Promise<void> {
  await db.sessions.update('current', { user });
}

export async function clearSession(db: SchlauchDb): Promise<void> {
  await db.sessions.delete('current');
}

export async function getSetting<T>(db: SchlauchDb, key: string): Promise<T | undefined> {
  const row = await db.settings.get(key);
  return row?.value as T | undefined;
}

export async function setSetting(db: SchlauchDb, key: string, value: unknown): Promise<void> {
  await db.settings.put({ key, value });
}
