import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '@server/db/schema';

export type UserRow = Selectable<UsersTable>;

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username.trim().toLowerCase())
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewUser {
  id: string;
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  email: string | null;
  roles: string[];
  customerId: string | null;
}

/** `ifAbsent`: a user with that id or username already there is left as it is (seeding). */
export async function insertUser(
  db: Kysely<Database>,
  user: NewUser,
  options: { ifAbsent?: boolean } = {},
): Promise<void> {
  const now = new Date().toISOString();
  const insert = db.insertInto('users').values({
    ...user,
    username: user.username.trim().toLowerCase(),
    roles: JSON.stringify(user.roles),
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  await (options.ifAbsent ? insert.onConflict((oc) => oc.doNothing()) : insert).execute();
}

export function parseRoles(row: Pick<UserRow, 'roles'>): string[] {
  const roles: unknown = JSON.parse(row.roles);
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * Creates the user or brings an existing one to the given roles and customer (unlocked, not
 * deleted) — how tests and benchmarks provision the subject of a token they mint, since every
 * API call of the embedded provider checks the users table.
 */
export async function upsertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  const now = new Date().toISOString();
  const current = {
    roles: JSON.stringify(user.roles),
    customerId: user.customerId,
    lockedAt: null,
    deletedAt: null,
    updatedAt: now,
  };
  await db
    .insertInto('users')
    .values({
      ...user,
      ...current,
      username: user.username.trim().toLowerCase(),
      createdAt: now,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet(current))
    .execute();
}
