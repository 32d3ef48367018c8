/**
 * Rotates the embedded provider's token signing key (docs/operations.md, "Rotating keys"):
 *
 *   npm run rotate-keys      (scripts/rotate-keys.ts; same DATA_DIR / DATABASE_URL as the server)
 *
 * then restart the server(s). A new RS256 key goes first in the stored JWKS, so it signs every
 * token from the restart on; the previous keys stay as verification keys until every token
 * they signed has expired (the access token lifetime plus a margin), and the next rotation
 * after that drops them. Cookie keys rotate the same way (the new one signs, the old still
 * reads), so nobody is signed out by a rotation. Keys live in the server's key–value table
 * (db/server-values.ts)
 * ('oidc-jwks', 'oidc-cookie-keys'); `oidc-jwks-retired` remembers when each key stopped signing.
 */
import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readServerValue, writeServerValue } from '../db/server-values';
import { loadProviderKeys, newSigningJwk } from './keys';
import { ACCESS_TOKEN_TTL_S } from './provider';

const RETIRED = 'oidc-jwks-retired';
/** A retired key verifies tokens for their whole life, plus the verifier's clock tolerance. */
const KEEP_MS = (ACCESS_TOKEN_TTL_S + 3600) * 1000;
const COOKIE_KEYS_KEPT = 3;

export interface RotationResult {
  signingKid: string;
  kept: string[];
  dropped: string[];
}

export async function rotateKeys(db: Kysely<Database>, now = Date.now()): Promise<RotationResult> {
  const { jwks, cookieKeys } = await loadProviderKeys(db);
  const retired = JSON.parse((await readServerValue(db, RETIRED)) ?? '{}') as Record<
    string,
    number
  >;
  const next = await newSigningJwk();
  const kept: JWK[] = [];
  const dropped: string[] = [];
  for (const key of jwks.keys) {
    const kid = String(key.kid);
    retired[kid] ??= now;
    if (now - (retired[kid] ?? now) > KEEP_MS) {
      dropped.push(kid);
      delete retired[kid];
    } else kept.push(key);
  }
  await db.transaction().execute(async (trx) => {
    await writeServerValue(trx, 'oidc-jwks', JSON.stringify({ keys: [next, ...kept] }));
    await writeServerValue(trx, RETIRED, JSON.stringify(retired));
    const cookies = [randomBytes(32).toString('base64url'), ...cookieKeys];
    await writeServerValue(
      trx,
      'oidc-cookie-keys',
      JSON.stringify(cookies.slice(0, COOKIE_KEYS_KEPT)),
    );
  });
  return { signingKid: String(next.kid), kept: kept.map((k) => String(k.kid)), dropped };
}
