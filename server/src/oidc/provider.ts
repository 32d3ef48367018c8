/**
 * The embedded OpenID Connect provider (oidc-provider) at Keycloak's paths, so that keycloak-js
 * and our token checks work the same against it and against a real Keycloak.
 *
 * - issuer `${PUBLIC_URL}/realms/hydraulik`, public client `hydraulik-app`, code flow + PKCE S256;
 * - access tokens are RS256 JWTs for the resource `urn:hydraulik:api` carrying Keycloak's
 *   claims (preferred_username, given_name, family_name, realm_access.roles, customer_id);
 * - no refresh tokens (keycloak-js cannot decode oidc-provider's opaque ones): access tokens
 *   last a working day and the app signs in again when online;
 * - sessions, grants and keys live in the database, so a restart keeps users signed in.
 */
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { AuthConfig } from '../config';
import type { Database } from '../db/schema';
import { findUserById, parseRoles, type UserRow } from '../modules/users/users.repository';
import { DbAdapter } from './adapter';
import type { ProviderKeys } from './keys';
import { pickLanguage, type Language, type LoginTexts } from './login-i18n';

export const ACCESS_TOKEN_TTL_S = 10 * 60 * 60;
/** The login prompt's reason when the session's account was locked or deleted meanwhile. */
export const SESSION_ACCOUNT_GONE = 'session_account_gone';
const SESSION_TTL_S = 14 * 24 * 60 * 60;
export const API_SCOPE = 'api';
/** The OpenID scopes the provider knows (Keycloak's default client scopes among them). */
export const OIDC_SCOPES = ['openid', 'profile', 'email'] as const;
/**
 * The scopes an access token for the API may carry: the OpenID scopes granted with it and
 * `api`. A token's `scope` (in the token response, the JWT and introspection) is what the client
 * asked for of these and was granted, as in Keycloak; with no scope at all it would read "".
 */
export const RESOURCE_SCOPES = [...OIDC_SCOPES, API_SCOPE].join(' ');

/** The scopes a resource grant gives for a requested `scope`: its OpenID scopes and `api`. */
export function grantedResourceScope(requested: string): string {
  const asked = new Set(requested.split(' '));
  return [...OIDC_SCOPES.filter((s) => asked.has(s)), API_SCOPE].join(' ');
}

/**
 * The default prompts plus one login check: a session whose account `findAccount` no longer
 * gives (locked or deleted since) asks for a sign-in again. Without it the provider goes on to
 * the consent prompt with no account and answers every reload with a server error, and a
 * shared browser stays stuck on it.
 */
function loginPolicy() {
  const { Check, base } = interactionPolicy;
  const policy = base();
  policy
    .get('login')
    ?.checks.add(
      new Check(SESSION_ACCOUNT_GONE, 'the account of the session is locked or deleted', (ctx) =>
        ctx.oidc.session?.accountId && !ctx.oidc.account
          ? Check.REQUEST_PROMPT
          : Check.NO_NEED_TO_PROMPT,
      ),
      0,
    );
  return policy;
}

/** Claims of a user as Keycloak would put them into tokens. */
export function keycloakClaims(user: UserRow) {
  return {
    sub: user.id,
    preferred_username: user.username,
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email ?? undefined,
    realm_access: { roles: parseRoles(user) },
    ...(user.customerId ? { customer_id: user.customerId } : {}),
  };
}

export interface ProviderOptions {
  auth: AuthConfig;
  db: Kysely<Database>;
  keys: ProviderKeys;
  /** URL path prefix of the interaction (login) pages. */
  interactionPath: string;
  /** Script that submits the logout form without asking (served by us, CSP-friendly). */
  logoutScriptUrl: string;
  /** The sign-in pages' texts (login-i18n.ts), for the sign-out question. */
  texts?: Record<Language, LoginTexts>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createProvider(opts: ProviderOptions): Provider {
  const { auth, db, keys } = opts;
  const redirectUris = auth.appOrigins.map((o) => `${o}/auth/login`);
  const postLogoutUris = auth.appOrigins.map((o) => `${o}/`);

  class BoundAdapter extends DbAdapter {
    constructor(model: string) {
      super(model, db);
    }
  }

  const configuration: Configuration = {
    adapter: BoundAdapter,
    clients: [
      {
        client_id: auth.clientId,
        client_name: 'Schlauchmanager',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutUris,
      },
    ],
    jwks: keys.jwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: [...OIDC_SCOPES, API_SCOPE],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email'],
    },
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      end_session: '/protocol/openid-connect/logout',
      jwks: '/protocol/openid-connect/certs',
      userinfo: '/protocol/openid-connect/userinfo',
      introspection: '/protocol/openid-connect/token/introspect',
      revocation: '/protocol/openid-connect/revoke',
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_S,
      Interaction: 60 * 60,
      Session: SESSION_TTL_S,
      Grant: SESSION_TTL_S,
    },
    interactions: {
      policy: loginPolicy(),
      url: (_ctx: KoaContextWithOIDC, interaction) => `${opts.interactionPath}/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => auth.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== auth.audience) throw new errors.InvalidTarget();
          return {
            scope: RESOURCE_SCOPES,
            audience: auth.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_S,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // The app's own sign-out asked already and names its ID token (id_token_hint): sign
        // out without a question page. Without the hint the request may come from anywhere (a
        // link or image on another site signing the user out): ask first.
        logoutSource: (ctx, form) => {
          const params = ctx.oidc.params as
            { id_token_hint?: unknown; ui_locales?: unknown } | undefined;
          const lang = pickLanguage(
            [typeof params?.ui_locales === 'string' ? params.ui_locales : null],
            ctx.get('accept-language'),
          );
          const t = opts.texts?.[lang] ?? {};
          const title = escapeHtml(t.signOutTitle ?? 'Abmelden');
          ctx.type = 'html';
          if (params?.id_token_hint) {
            const auto = form.replace(
              '</form>',
              '<input type="hidden" name="logout" value="yes"/></form>',
            );
            ctx.body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title} – Schlauchmanager</title></head><body>${auto}<noscript><button form="op.logoutForm" type="submit">${title}</button></noscript><script src="${opts.logoutScriptUrl}"></script></body></html>`;
            return;
          }
          const question = escapeHtml(t.signOutQuestion ?? 'Möchten Sie sich abmelden?');
          const yes = escapeHtml(t.signOutConfirm ?? 'Abmelden');
          ctx.body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} – Schlauchmanager</title></head><body><main><h1>${title}</h1><p>${question}</p>${form}<button form="op.logoutForm" type="submit" name="logout" value="yes" data-testid="logout-confirm">${yes}</button></main></body></html>`;
        },
      },
    },
    findAccount: async (_ctx, sub) => {
      const user = await findUserById(db, sub);
      // A locked or deleted user's browser session issues no new token: the login policy's
      // SESSION_ACCOUNT_GONE check shows the login page again, saying why.
      if (!user || user.lockedAt) return undefined;
      return { accountId: user.id, claims: () => keycloakClaims(user) };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await findUserById(db, token.accountId);
      if (!user) return undefined;
      const { sub: _sub, ...claims } = keycloakClaims(user);
      return { ...claims, azp: auth.clientId };
    },
    conformIdTokenClaims: false,
    clientBasedCORS: (_ctx, origin) => auth.appOrigins.includes(origin),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      const safe = (s: unknown) =>
        String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.body = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Anmeldung – Schlauchmanager</title><link rel="stylesheet" href="/auth-assets/login.css"></head><body><main class="card"><h1>Schlauchmanager</h1><p class="error" role="alert">${safe(out.error)}: ${safe(out.error_description)}</p><p><a href="/">Zur Anwendung</a></p></main></body></html>`;
    },
  };

  const provider = new Provider(auth.issuer, configuration);
  // The mount sets X-Forwarded-Host/-Proto from PUBLIC_URL (see oidc.plugin.ts).
  provider.proxy = true;
  return provider;
}
