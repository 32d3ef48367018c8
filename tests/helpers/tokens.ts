/** Mints tokens with chosen defects to prove the server refuses them. */
import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { TestServer } from './server';
import { loadProviderKeys } from '@server/oidc/keys';
import { provisionUser } from './users';

export interface MintOptions {
  key?: 'provider' | 'foreign';
  issuer?: string;
  audience?: string;
  expiresInS?: number;
  claims?: Record<string, unknown>;
}

function rolesOf(claims: Record<string, unknown>): string[] {
  const roles = (claims.realm_access as { roles?: unknown } | undefined)?.roles;
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * A token for a user who exists with exactly the token's roles and customer: the users row is
 * created (or brought to those claims), as the embedded provider would have it.
 */
export async function mintToken(s: TestServer, o: MintOptions = {}): Promise<string> {
  const { jwks } = await loadProviderKeys(s.db.kysely);
  const providerJwk = jwks.keys[0] as JWK;
  let key;
  if (o.key === 'foreign') {
    // Same kid as the real key, different key material: a forgery.
    key = (await generateKeyPair('RS256', { extractable: true })).privateKey;
    await exportJWK(key);
  } else {
    key = await importJWK(providerJwk, 'RS256');
  }
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    preferred_username: 'techniker',
    given_name: 'Tom',
    family_name: 'Techniker',
    realm_access: { roles: ['module-dguv'] },
    ...o.claims,
  };
  const sub = typeof o.claims?.sub === 'string' ? o.claims.sub : randomUUID();
  await provisionUser(s.db.kysely, {
    sub,
    roles: rolesOf(claims),
    customer: typeof claims.customer_id === 'string' ? claims.customer_id : null,
    firstName: String(claims.given_name ?? ''),
    lastName: String(claims.family_name ?? ''),
  });
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: providerJwk.kid, typ: 'at+jwt' })
    .setSubject(sub)
    .setIssuer(o.issuer ?? s.config.auth.issuer)
    .setAudience(o.audience ?? s.config.auth.audience)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (o.expiresInS ?? 600))
    .sign(key);
}
