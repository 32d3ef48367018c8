/**
 * Bearer token checks with jose against the issuer's keys — the same code for the embedded
 * provider (its public JWKS, no HTTP round trip) and an external Keycloak (remote JWKS).
 * Anything wrong (missing, expired, forged, wrong issuer or audience) → 401 'token invalid'.
 *
 * With the embedded provider the users table is the truth, not the token: every
 * call looks the user up through a short cache, takes the CURRENT roles and customer, and
 * refuses a locked, deleted or unknown user. A real Keycloak owns its users, so its claims
 * stand as they are (its own token lifetime bounds withdrawal there).
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
import type { SessionUser } from '@domain/schemas/session';
import { TOKEN_INVALID } from '@domain/schemas/api-error';
import type { UserStateCache } from '../modules/users/user-state';
import { HttpError } from './errors';

export interface AuthUser extends SessionUser {
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    /** The embedded provider's user states; null with an external Keycloak. */
    userStates: UserStateCache | null;
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
  // A signature check costs ~0.4 ms of CPU; a device sends the same token with every call.
  // A verified token is remembered briefly (never past its expiry), so a retired key or a
  // changed JWKS still bites within VERIFIED_TTL_MS.
  const verified = new Map<string, { user: AuthUser; until: number }>();
  return async (token) => {
    const now = Date.now();
    const hit = verified.get(token);
    if (hit && hit.until > now) return { ...hit.user };
    if (hit) verified.delete(token);
    try {
      const { payload } = await jwtVerify<KeycloakClaims>(token, getKey, {
        issuer: auth.issuer,
        audience: auth.audience,
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
        clockTolerance: 30,
        requiredClaims: ['sub', 'exp'],
      });
      const user = userFromClaims(payload);
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, {
        user,
        until: Math.min(now + VERIFIED_TTL_MS, user.expiresAt.getTime()),
      });
      return user;
    } catch {
      throw new HttpError(401, 'token_invalid', TOKEN_INVALID);
    }
  };
}

const VERIFIED_TTL_MS = 30_000;
const VERIFIED_MAX = 2_000;

/**
 * docs/api.md lets downloads carry the token as `?access_token=` (an <img> or a link cannot send a
 * header): the CMS file calls (GET {entity}/{id}/file, {entity}/file,
 * {entity}/download/{userId}/{id}/file) and the three PDF reports. Nowhere else, so that a
 * token never lands in URLs, histories and logs for ordinary calls.
 */
const QUERY_TOKEN_PATHS = [
  /^\/api\/cms\/[^?]+\/file$/,
  /^\/api\/cms\/audit\/dguv\/[0-9a-f-]{36}$/i,
  /^\/api\/cms\/(?:inspection|maintenance)\/report\/[0-9a-f-]{36}$/i,
];

export function acceptsQueryToken(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  return QUERY_TOKEN_PATHS.some((re) => re.test(path));
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  if (!acceptsQueryToken(req.method, req.url)) return null;
  const q = (req.query as { access_token?: unknown } | undefined)?.access_token;
  return typeof q === 'string' && q ? q : null;
}

/** Message keys (login namespace) the app translates; the codes tell the cases apart. */
export const ACCOUNT_LOCKED = 'login:accountLocked';
export const ACCOUNT_UNAVAILABLE = 'login:accountUnavailable';

/** The token's user with the roles and customer the users table holds now. */
async function currentUser(user: AuthUser, states: UserStateCache): Promise<AuthUser> {
  const state = await states.get(user.id);
  if (state.status === 'locked') throw new HttpError(401, 'account_locked', ACCOUNT_LOCKED);
  if (state.status !== 'active') {
    throw new HttpError(401, 'account_unavailable', ACCOUNT_UNAVAILABLE);
  }
  return { ...user, roles: state.roles, customer: state.customerId };
}

export function authPlugin(
  app: FastifyInstance,
  verify: TokenVerifier,
  /** The embedded provider's user states; null with an external Keycloak. */
  userStates: UserStateCache | null = null,
) {
  app.decorateRequest('authUser', null);
  app.decorate('userStates', userStates);
  /** Every /api route needs a valid token except the public ones. */
  app.addHook('onRequest', async (req) => {
    const url = req.url;
    if (!url.startsWith('/api/') || isPublicApi(url)) return;
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'token_invalid', TOKEN_INVALID);
    const user = await verify(token);
    req.authUser = userStates ? await currentUser(user, userStates) : user;
  });
  if (!userStates) return;
  // A profile change made on this instance bites on the very next call; other instances
  // follow within the cache's TTL.
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && reply.statusCode < 300 && req.url.startsWith('/api/cms/profile')) {
      userStates.clear();
    }
  });
}

/** The calendar feed: calendar apps send no bearer token, its `?token=` is the credential. */
const CALENDAR_FEED = /^\/api\/calendar\/customer\/[^/]+\/calendar\.ics$/;

export function isPublicApi(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    path === '/api/health' ||
    path.startsWith('/api/health/') ||
    path.startsWith('/api/public/') ||
    CALENDAR_FEED.test(path)
  );
}

/** The signed-in user of a request that passed the auth hook. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new HttpError(401, 'token_invalid', TOKEN_INVALID);
  return req.authUser;
}
