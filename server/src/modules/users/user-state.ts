/**
 * What the users table says about a user right now, cached briefly: a token
 * lasts a working day, but an administrator's demotion, lock or deletion must bite within a
 * minute. The auth plugin asks this cache on every API call of the embedded provider, so one
 * user costs one indexed lookup per TTL, however many calls they make.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { parseRoles } from './users.repository';

export type UserStatus = 'active' | 'locked' | 'deleted' | 'unknown';

export interface UserState {
  status: UserStatus;
  roles: string[];
  customerId: string | null;
}

/** Well under the 60 s the issue allows, and long enough that bursts hit the cache. */
export const USER_STATE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export async function loadUserState(db: Kysely<Database>, id: string): Promise<UserState> {
  const row = await db
    .selectFrom('users')
    .select(['roles', 'customerId', 'lockedAt', 'deletedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return { status: 'unknown', roles: [], customerId: null };
  const status: UserStatus = row.deletedAt ? 'deleted' : row.lockedAt ? 'locked' : 'active';
  return { status, roles: parseRoles(row), customerId: row.customerId };
}

export class UserStateCache {
  private readonly entries = new Map<string, { until: number; state: Promise<UserState> }>();
  private readonly clearListeners = new Set<() => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs = USER_STATE_TTL_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(id: string): Promise<UserState> {
    const now = this.now();
    const hit = this.entries.get(id);
    if (hit && hit.until > now) return hit.state;
    // The promise is cached, so concurrent calls of one user share a single lookup; a failed
    // lookup is forgotten at once instead of being served for the whole TTL.
    const state = loadUserState(this.db, id);
    state.catch(() => {
      if (this.entries.get(id)?.state === state) this.entries.delete(id);
    });
    this.entries.delete(id);
    this.entries.set(id, { until: now + this.ttlMs, state });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return state;
  }

  /** Forgets everything, e.g. after an administrator changed a profile on this instance. */
  clear(): void {
    this.entries.clear();
    for (const listener of this.clearListeners) listener();
  }

  /** Calls `listener` after every `clear()` (e.g. to re-check open event streams). */
  onClear(listener: () => void): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }
}
