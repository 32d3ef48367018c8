/** Signing keys (RS256) and cookie keys of the embedded provider, created once and kept in the DB. */
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getOrCreateServerValue } from '../db/server-values';

export interface ProviderKeys {
  /** Private JWK set for oidc-provider. */
  jwks: { keys: JWK[] };
  /** Public half, for our own token verification. */
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

/** A fresh RS256 signing key as a private JWK (also used by rotate-keys.ts). */
export async function newSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

async function newSigningKey(): Promise<string> {
  return JSON.stringify({ keys: [await newSigningJwk()] });
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

export async function loadProviderKeys(db: Kysely<Database>): Promise<ProviderKeys> {
  const jwks = JSON.parse(await getOrCreateServerValue(db, 'oidc-jwks', newSigningKey)) as {
    keys: JWK[];
  };
  const cookieKeys = JSON.parse(
    await getOrCreateServerValue(db, 'oidc-cookie-keys', () =>
      Promise.resolve(JSON.stringify([randomBytes(32).toString('base64url')])),
    ),
  ) as string[];
  const publicJwks = {
    keys: jwks.keys.map((k) => {
      const pub: JWK = { ...k };
      for (const m of PRIVATE_MEMBERS) delete pub[m];
      return pub;
    }),
  };
  return { jwks, publicJwks, cookieKeys };
}
