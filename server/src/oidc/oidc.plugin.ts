/**
 * Mounts the embedded provider under `/realms/<realm>` and serves its login page.
 * oidc-provider is a Koa app: a catch-all route hijacks the reply and hands the raw request
 * (prefix stripped, originalUrl kept) to `provider.callback()`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { applySecurityHeaders } from '../plugins/security-headers';
import { keycloakEndpoints } from './keycloak-endpoints';
import { grantedResourceScope, SESSION_ACCOUNT_GONE } from './provider';
import { loadLoginTexts, pickLanguage, type Language } from './login-i18n';
import { renderLoginPage, renderPasswordChangePage } from './login-page';
import { AddressThrottle, LoginThrottle } from './login-throttle';
import { submitLogin, type LoginBody } from './login-submit';

const ASSETS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
export const LOGOUT_SCRIPT_URL = '/auth-assets/logout.js';
const LOCALE_COOKIE = 'locale';

interface Deps {
  config: ServerConfig;
  db: Db;
  provider: Provider;
  /** The provider's public signing keys (realm info, userinfo, introspection). */
  publicJwks: { keys: JWK[] };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function localeCookie(lang: Language, secure: boolean): string {
  return `${LOCALE_COOKIE}=${lang}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export async function oidcPlugin(app: FastifyInstance, { config, db, provider, publicJwks }: Deps) {
  const realmPrefix = `/realms/${config.auth.realm}`;
  const actionPrefix = `${realmPrefix}/login-actions`;
  const texts = loadLoginTexts(config.localesDir);
  const throttles = {
    db: db.kysely,
    users: new LoginThrottle(db.kysely),
    addresses: new AddressThrottle(db.kysely, config.rateLimit.loginFailures),
  };
  const assets = {
    'login.css': {
      type: 'text/css; charset=utf-8',
      body: readFileSync(path.join(ASSETS_DIR, 'login.css')),
    },
    'logout.js': {
      type: 'text/javascript; charset=utf-8',
      body: readFileSync(path.join(ASSETS_DIR, 'logout.js')),
    },
  };

  app.get<{ Params: { file: string } }>('/auth-assets/:file', async (req, reply) => {
    const asset = assets[req.params.file as keyof typeof assets];
    if (!asset)
      return reply.code(404).send({ status: 404, code: 'not_found', message: 'Page not found' });
    return reply.header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body);
  });

  function languageFor(req: FastifyRequest, params: { ui_locales?: unknown }, explicit?: string) {
    return pickLanguage(
      [
        explicit,
        params.ui_locales as string | undefined,
        readCookie(req.headers.cookie, LOCALE_COOKIE),
      ],
      req.headers['accept-language'],
    );
  }

  /** Grants the app everything it asked for: a first-party client needs no consent screen. */
  async function finish(req: FastifyRequest, reply: FastifyReply, accountId: string) {
    const details = await provider.interactionDetails(req.raw, reply.raw);
    const clientId = String(details.params.client_id);
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId });
    const scope = String(details.params.scope ?? 'openid');
    grant.addOIDCScope(scope);
    grant.addResourceScope(config.auth.audience, grantedResourceScope(scope));
    const grantId = await grant.save();
    const redirectTo = await provider.interactionResult(
      req.raw,
      reply.raw,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(redirectTo, 303);
  }

  function page(
    req: FastifyRequest,
    reply: FastifyReply,
    lang: Language,
    username: string,
    error: string | null,
    render = renderLoginPage,
  ) {
    const uid = (req.params as { uid: string }).uid;
    reply.header('cache-control', 'no-store');
    reply.header('set-cookie', localeCookie(lang, req.protocol === 'https'));
    return reply.type('text/html; charset=utf-8').send(
      render({
        lang,
        texts: texts[lang],
        action: `${actionPrefix}/${encodeURIComponent(uid)}`,
        username,
        error,
        isTestEnv: config.isTestEnv,
      }),
    );
  }

  async function expired(req: FastifyRequest, reply: FastifyReply) {
    const lang = languageFor(req, {});
    const t = texts[lang];
    reply.code(400).type('text/html; charset=utf-8');
    return reply.send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${t.title} - Schlauchmanager</title><link rel="stylesheet" href="/auth-assets/login.css"></head><body><main class="card"><h1>${t.heading}</h1><p class="error" role="alert">${t.expired}</p><p><a href="/">${t.backToApp}</a></p></main></body></html>`,
    );
  }

  app.get<{ Params: { uid: string }; Querystring: { lng?: string } }>(
    `${actionPrefix}/:uid`,
    async (req, reply) => {
      let details;
      try {
        details = await provider.interactionDetails(req.raw, reply.raw);
      } catch {
        return expired(req, reply);
      }
      if (details.prompt.name === 'consent' && details.session?.accountId) {
        return finish(req, reply, details.session.accountId);
      }
      const lang = languageFor(req, details.params, req.query.lng);
      const gone = details.prompt.reasons.includes(SESSION_ACCOUNT_GONE);
      return page(req, reply, lang, '', gone ? texts[lang].sessionAccountGone! : null);
    },
  );

  app.post<{ Params: { uid: string }; Body: LoginBody & { lng?: string } }>(
    `${actionPrefix}/:uid`,
    async (req, reply) => {
      let details;
      try {
        details = await provider.interactionDetails(req.raw, reply.raw);
      } catch {
        return expired(req, reply);
      }
      const lang = languageFor(req, details.params, req.body?.lng);
      const out = await submitLogin(throttles, details, req.ip, texts[lang], req.body ?? {});
      if (out.kind === 'finish') return finish(req, reply, out.accountId);
      if (out.kind === 'change') {
        return page(req, reply, lang, out.username, out.error, renderPasswordChangePage);
      }
      if (out.status) {
        reply.code(out.status).header('retry-after', String(out.retryAfter ?? 60));
        req.log.warn({ address: req.ip }, 'login refused: too many failures from this address');
      } else if (out.error === texts[lang].invalidCredentials) {
        req.log.info({ username: out.username.toLowerCase() }, 'login failed');
      }
      return page(req, reply, lang, out.username, out.error);
    },
  );

  keycloakEndpoints(app, { auth: config.auth, db, publicJwks });

  // The provider's own failures, which it reports as events: logged by path — never with the
  // URL's query, which may hold a code, a state or a hint (plugins/logging.ts).
  provider.on('server_error', (ctx: { method: string; path: string }, err: unknown) => {
    app.log.error({ err, method: ctx.method, path: ctx.path }, 'sign-in provider error');
  });

  const callback = provider.callback();
  const publicOrigin = new URL(config.publicUrl);
  app.route({
    method: ['GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'],
    url: `${realmPrefix}/*`,
    onRequest: (req, reply) => {
      reply.hijack();
      const raw = req.raw as typeof req.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(realmPrefix.length) || '/';
      // Like Keycloak's KC_HOSTNAME: every URL the provider writes comes from PUBLIC_URL,
      // never from the Host header a client sent.
      raw.headers['x-forwarded-host'] = publicOrigin.host;
      raw.headers['x-forwarded-proto'] = publicOrigin.protocol.replace(':', '');
      applySecurityHeaders(reply.raw, config);
      void callback(raw, reply.raw);
    },
    handler: () => undefined,
  });
}
