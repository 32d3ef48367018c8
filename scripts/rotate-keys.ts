/**
 * `npx tsx scripts/rotate-keys.ts [--retire]`: rotates the embedded provider's signing key
 * (RS256, JWKS `oidc-jwks`) and cookie key (`oidc-cookie-keys`), both kept in the database's
 * server_secret table. Stop the server first: it reads the keys once at start.
 *
 *   (no flag)  a new key goes in front: it signs from the next start on, the old ones stay
 *              published until every token they signed has expired (a later rotation drops
 *              them), so tokens and sessions issued before keep working.
 *   --retire   drops every key but the newest: tokens signed with the old ones are refused
 *              (run it once the longest token lifetime has passed, or at once after a leak —
 *              then everybody signs in again).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { migrateToLatest, openDb } from '../server/src/db/database';
import { loadProviderKeys } from '../server/src/oidc/keys';
import { rotateKeys } from '../server/src/oidc/rotate-keys';

const { values } = parseArgs({ options: { retire: { type: 'boolean', default: false } } });
const config = loadConfig();
if (!config.auth.embedded) {
  console.error('rotate-keys: KEYCLOAK_URL is set — rotate the keys in Keycloak instead');
  process.exit(1);
}
const db = openDb(config);
await migrateToLatest(db);
// Creates the keys if the database has none yet (a fresh install), like a server start.
const current = await loadProviderKeys(db.kysely);
let summary: string;
if (values.retire) {
  // At once (after a leak): only the newest key stays; every older token and session is refused.
  const jwks = current.jwks.keys.slice(0, 1);
  const cookieKeys = current.cookieKeys.slice(0, 1);
  await db.kysely.transaction().execute(async (trx) => {
    for (const [name, value] of [
      ['oidc-jwks', JSON.stringify({ keys: jwks })],
      ['oidc-cookie-keys', JSON.stringify(cookieKeys)],
    ] as const) {
      await trx.updateTable('serverSecret').set({ value }).where('name', '=', name).execute();
    }
  });
  summary = `kept only the newest signing key ${String(jwks[0]?.kid)}`;
} else {
  const r = await rotateKeys(db.kysely);
  summary =
    `new signing key ${r.signingKid}; still verifying ${r.kept.length} older key(s)` +
    (r.dropped.length ? `; dropped ${r.dropped.join(', ')}` : '');
}
await db.close();
console.log(`rotate-keys: ${summary}. Start (restart) the server to use them.`);
