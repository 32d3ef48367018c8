/** Test users in the users table: the server checks every token's subject there. */
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { upsertUser } from '@server/modules/users/users.repository';

/** Claims a minted token carries, as far as the users table mirrors them. */
export interface UserClaims {
  sub: string;
  roles: string[];
  customer: string | null;
  firstName?: string;
  lastName?: string;
}

/** No password hash: nobody can sign in as a test user, only present its minted token. */
const NO_PASSWORD = '!';

export async function provisionUser(db: Kysely<Database>, c: UserClaims): Promise<void> {
  await upsertUser(db, {
    id: c.sub,
    username: `test-${c.sub}`,
    passwordHash: NO_PASSWORD,
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    email: null,
    roles: c.roles,
    customerId: c.customer,
  });
}

export async function lockUser(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ lockedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ deletedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
