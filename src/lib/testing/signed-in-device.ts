/**
 * Component tests on a device with a signed-in user: the auth store holds `user` before each
 * test, the device's IndexedDB (fake-indexeddb) is emptied after each, and deleted after all.
 */
import { afterAll, afterEach, beforeEach } from 'vitest';
import { getDatabase } from '../../db/database';
import type { SessionUser } from '../../domain/schemas/session';
import { useAuthStore } from '../auth';
import { initialAuthStateForTest } from './test-users';

export function signedInDevice(user: SessionUser): void {
  beforeEach(() => {
    useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
  });
  afterEach(async () => {
    await Promise.all(getDatabase().tables.map((t) => t.clear()));
  });
  afterAll(async () => {
    await getDatabase().delete();
  });
}
