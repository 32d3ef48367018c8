/**
 * The parts of Keycloak's realm API that other clients look at, answered for the embedded
 * provider as Keycloak answers them (docs/api.md, "Sign-in"):
 *
 * - `GET /realms/<realm>` — the realm's public information: name, signing key, service URLs;
 * - `…/protocol/openid-connect/userinfo` — the user of an access token the provider issued;
 * - `…/protocol/openid-connect/token/introspect` — whether such a token is active, and its claims.
 *
 * Every access token the provider issues is a signed JWT for the API (provider.ts), which
 * oidc-provider's own userinfo and introspection refuse (they read opaque tokens from their
 * store). These routes check the JWT's signature, issuer, audience and expiry with the
 * provider's keys, and take the user's roles and state from the users table — a locked or
 * deleted user's token is inactive here as it is to the API.
 */
import { createPublicKey } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { AuthConfig } from '../config';
import type { Db } from '../db/database';
import { findUserById } from '../modules/users/users.repository';
import { keycloakClaims } from './provider';

interface Deps {
  auth: AuthConfig;
  db: Db;
  /** The provider's public signing keys, the one that signs first. */
  publicJwks: { keys: JWK[] };
}

/** The claims userinfo gives, as Keycloak's default client scopes (profile, email) do. */
const USERINFO_CLAIMS = [
  'sub',
  'name',
  'preferred_username',
  'given_name',
  'family_name',
  'email',
] as const;

/** A signing key's public half as Keycloak's realm info writes it: base64 DER, no PEM lines. */
function publicKeyBase64(jwk: JWK | undefined): string | null {
  if (!jwk) return null;
  const key = createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' });
  return key.export({ type: 'spki', format: 'der' }).toString('base64');
}

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  // RFC 6750 §2.2: a form-encoded body may carry it instead.
  const body = req.body as { access_token?: unknown } | undefined;
  return typeof body?.access_token === 'string' && body.access_token ? body.access_token : null;
}

/** The client of an introspection request: HTTP Basic or `client_id` in the form. */
function clientOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString();
    const id = decoded.slice(0, Math.max(0, decoded.indexOf(':')));
    return id ? decodeURIComponent(id) : null;
  }
  const body = req.body as { client_id?: unknown } | undefined;
  return typeof body?.client_id === 'string' && body.client_id ? body.client_id : null;
}

export function keycloakEndpoints(app: FastifyInstance, { auth, db, publicJwks }: Deps) {
  const realmPrefix = `/realms/${auth.realm}`;
  const openid = `${realmPrefix}/protocol/openid-connect`;
  const tokenService = `${auth.issuer}/protocol/openid-connect`;
  const getKey = createLocalJWKSet(publicJwks);
  const publicKey = publicKeyBase64(publicJwks.keys[0]);

  /** The token's claims with the user's current ones, or null when it is not active. */
  async function activeClaims(token: string) {
    let payload: JWTPayload & { azp?: string; scope?: string };
    try {
      ({ payload } = await jwtVerify<{ azp?: string; scope?: string }>(token, getKey, {
        issuer: auth.issuer,
        audience: auth.audience,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      }));
    } catch {
      return null;
    }
    const user = await findUserById(db.kysely, String(payload.sub));
    if (!user || user.lockedAt) return null;
    return { ...payload, ...keycloakClaims(user) };
  }

  function allowOrigin(req: FastifyRequest, reply: FastifyReply) {
    const origin = req.headers.origin;
    if (origin && auth.appOrigins.includes(origin)) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    }
  }

  app.get(realmPrefix, async (_req, reply) => {
    return reply.header('cache-control', 'no-cache').send({
      realm: auth.realm,
      public_key: publicKey,
      'token-service': tokenService,
      'account-service': `${auth.issuer}/account`,
      'tokens-not-before': 0,
    });
  });

  async function userinfo(req: FastifyRequest, reply: FastifyReply) {
    allowOrigin(req, reply);
    reply.header('cache-control', 'no-store');
    const token = bearer(req);
    const claims = token ? await activeClaims(token) : null;
    if (!claims) {
      const error = token ? 'invalid_token' : 'invalid_request';
      const description = token ? 'Token verification failed' : 'Missing token';
      return reply
        .code(401)
        .header(
          'www-authenticate',
          `Bearer realm="${auth.realm}", error="${error}", error_description="${description}"`,
        )
        .send({ error, error_description: description });
    }
    const out = Object.fromEntries(
      USERINFO_CLAIMS.filter((name) => claims[name] !== undefined).map((n) => [n, claims[n]]),
    );
    return reply.send(out);
  }
  app.get(`${openid}/userinfo`, userinfo);
  app.post(`${openid}/userinfo`, userinfo);

  app.post(`${openid}/token/introspect`, async (req, reply) => {
    allowOrigin(req, reply);
    reply.header('cache-control', 'no-store');
    const client = clientOf(req);
    if (client !== auth.clientId) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Authentication failed.' });
    }
    const token = (req.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) {
      return reply
        .code(400)
        .send({ error: 'invalid_request', error_description: 'Token not provided.' });
    }
    const claims = await activeClaims(token);
    // A public client sees only its own tokens (as oidc-provider's introspection policy).
    if (!claims || claims.azp !== client) return reply.send({ active: false });
    return reply.send({
      ...claims,
      client_id: claims.azp,
      username: claims.preferred_username,
      typ: 'Bearer',
      token_type: 'Bearer',
      active: true,
    });
  });
}
