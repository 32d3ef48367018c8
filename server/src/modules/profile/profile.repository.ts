/** User profiles in the users table (the password hash never leaves this module's service). */
import type { Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '@server/db/schema';
import type { UserRow } from '../users/users.repository';

export type { UserRow };

export interface Page {
  offset: number;
  /** null: every row (docs/api.md limit -1). */
  limit: number | null;
}

/** Wildcards typed by the user are dropped: SQLite's LIKE has no default escape character. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[%_]/g, '')}%`;

/** `withDeactivated`: deactivated users too (the admin's "show deactivated" switch). */
export async function listProfiles(
  db: Kysely<Database>,
  page: Page,
  onlyId?: string,
  search?: string,
  withDeactivated = false,
): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users');
  if (!withDeactivated) base = base.where('deletedAt', 'is', null);
  if (onlyId !== undefined) base = base.where('id', '=', onlyId);
  const text = search?.trim();
  if (text) {
    // Username, names and e-mail, case-insensitive on SQLite and PostgreSQL alike.
    const pattern = likePattern(text);
    base = base.where((eb) =>
      eb.or(
        (['username', 'firstName', 'lastName', 'email'] as const).map((c) =>
          eb(eb.fn('lower', [eb.fn.coalesce(c, eb.val(''))]), 'like', eb.val(pattern)),
        ),
      ),
    );
  }
  const counted = await base
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  let q = base.selectAll().orderBy('username', 'asc').orderBy('id', 'asc');
  if (page.limit !== null) q = q.limit(page.limit).offset(page.offset);
  return { rows: await q.execute(), total: Number(counted.n) };
}

/** Users with this name or id, deleted ones included (both stay unique for ever). */
export function findUsersByNameOrId(db: Kysely<Database>, username: string, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb.or([eb('username', '=', username), eb('id', '=', id)]))
    .execute();
}

export async function insertProfile(
  db: Kysely<Database>,
  user: Omit<
    UserRow,
    'version' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'lockedAt' | 'mustChangePassword'
  > &
    Partial<Pick<UserRow, 'mustChangePassword'>>,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({ ...user, createdAt: now, updatedAt: now, deletedAt: null })
    .execute();
}

/** Applies `patch`, increments `version` and sets `updatedAt`. */
export async function updateProfile(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<UsersTable>,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      ...patch,
      version: eb('version', '+', 1),
      updatedAt: new Date().toISOString(),
    }))
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .execute();
}

/** Deactivates a user (SPEC: delete = deactivate); username and id stay taken for ever. */
export async function deactivateProfile(db: Kysely<Database>, id: string): Promise<void> {
  await updateProfile(db, id, { deletedAt: new Date().toISOString() });
}

/** Brings a deactivated user back (signing in works again); false when none was deactivated. */
export async function reactivateProfile(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({
      deletedAt: null,
      version: eb('version', '+', 1),
      updatedAt: new Date().toISOString(),
    }))
    .where('id', '=', id)
    .where('deletedAt', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** True when a live customer (company) with this id exists. */
export async function customerExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('company')
    .select('id')
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
