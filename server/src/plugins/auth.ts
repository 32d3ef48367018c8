/**
 * Bearer token checks with jose against the issuer's keys — the same code for the embedded
 * provider (its public JWKS, no HTTP round trip) and an external Keycloak (remote JWKS).
 * Anything wrong (missing, expired, forged, wrong issuer or audience) → 401 'token invalid'.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { AuthConfig } from '../config';
import type { SessionUser } from '../../../src/domain/schemas/session';
import { TOKEN_INVALID } from '../../../src/domain/schemas/api-error';
import { HttpError } from './errors';

export interface AuthUser extends SessionUser {
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export type TokenVerifier = (token: string) => Promise<AuthUser>;

interface KeycloakClaims extends JWTPayload {
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  email?: string;
  realm_access?: { roles?: unknown };
  customer_id?: string;
}

export function userFromClaims(c: KeycloakClaims): AuthUser {
  const roles = Array.isArray(c.realm_access?.roles)
    ? c.realm_access.roles.filter((r): r is string => typeof r === 'string')
    : [];
  const firstName = c.given_name ?? '';
  const lastName = c.family_name ?? '';
  const username = c.preferred_username ?? c.sub ?? '';
  return {
    id: c.sub ?? '',
    username,
    name: c.name ?? (`${firstName} ${lastName}`.trim() || username),
    firstName,
    lastName,
    email: c.email ?? null,
    roles,
    customer: c.customer_id ? String(c.customer_id) : null,
    expiresAt: new Date((c.exp ?? 0) * 1000),
  };
}

export function createTokenVerifier(
  auth: Pick<AuthConfig, 'issuer' | 'audience'>,
  keys: { publicJwks: { keys: JWK[] } } | { jwksUrl: string },
): TokenVerifier {
  const getKey: JWTVerifyGetKey =
    'publicJwks' in keys
      ? createLocalJWKSet(keys.publicJwks)
      : createRemoteJWKSet(new URL(keys.jwksUrl), { cooldownDuration: 30_000 });
  return async (token) => {
    try {
      const { payload } = await jwtVerify<KeycloakClaims>(token, getKey, {
        issuer: auth.issuer,
        audience: auth.audience,
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
        clockTolerance: 30,
        requiredClaims: ['sub', 'exp'],
      });
      return userFromClaims(payload);
    } catch {
      throw new HttpError(401, 'token_invalid', TOKEN_INVALID);
    }
  };
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  // SPEC §7: file downloads may carry the token as `access_token` query parameter.
  const q = (req.query as Record<string, unknown> | undefined)?.access_token;
  return typeof q === 'string' && q ? q : null;
}

export function authPlugin(app: FastifyInstance, verify: TokenVerifier) {
  app.decorateRequest('authUser', null);
  /** Every /api route needs a valid token except the public ones. */
  app.addHook('onRequest', async (req) => {
    const url = req.url;
    if (!url.startsWith('/api/') || isPublicApi(url)) return;
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'token_invalid', TOKEN_INVALID);
    req.authUser = await verify(token);
  });
}

export function isPublicApi(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api/health' || path.startsWith('/api/public/');
}

/** The signed-in user of a request that passed the auth hook. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new HttpError(401, 'token_invalid', TOKEN_INVALID);
  return req.authUser;
}
