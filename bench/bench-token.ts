import { randomUUID } from 'node:crypto';
import { SignJWT, importJWK, type JWK } from 'jose';
import { loadProviderKeys } from '../server/src/oidc/keys';
import { upsertUser } from '../server/src/modules/users/users.repository';
import type { BenchServer } from './bench-server';

/** The demo users' staff roles (server/src/modules/users/demo-users.ts). */
export const BENCH_ROLES = {
  admin: ['admin', 'module-dguv', 'ui-admininstrator', 'admin-shop'],
  technician: ['module-dguv'],
  office: ['ui-admininstrator', 'admin-shop', 'module-dguv'],
} as const;

/** A staff token signed with the embedded provider's key, as a sign-in would give. */
export async function mintBenchToken(
  s: BenchServer,
  role: keyof typeof BENCH_ROLES = 'admin',
): Promise<{ token: string; userId: string }> {
  const { jwks } = await loadProviderKeys(s.db.kysely);
  const jwk = jwks.keys[0] as JWK;
  const userId = randomUUID();
  const roles = [...BENCH_ROLES[role]];
  // Every API call checks the users table: the bench user exists like a real one.
  await upsertUser(s.db.kysely, {
    id: userId,
    username: `bench-${userId}`,
    passwordHash: '!',
    firstName: 'Bench',
    lastName: '',
    email: null,
    roles,
    customerId: null,
  });
  const token = await new SignJWT({
    realm_access: { roles },
    preferred_username: 'bench',
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(userId)
    .setIssuer(s.issuer)
    .setAudience(s.audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
  return { token, userId };
}
