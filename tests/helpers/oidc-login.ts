/**
 * Signs in through the embedded provider exactly as a browser with keycloak-js does
 * (authorization code + PKCE S256, login form, token exchange), over Fastify inject.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '@server/config';

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

/** Cookies of one browser, from Fastify inject answers or fetch's (`redirect: 'manual'`). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Injected | Response): void {
    let set: string[];
    if (res instanceof Response) set = res.headers.getSetCookie();
    else {
      const raw = res.headers['set-cookie'];
      set = Array.isArray(raw) ? raw : raw ? [raw] : [];
    }
    for (const c of set) {
      const [pair] = c.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export function pathOf(location: string | string[] | undefined): string {
  const loc = Array.isArray(location) ? location[0] : location;
  if (!loc) throw new Error('no location header');
  const u = new URL(loc, 'http://localhost:8080');
  return u.pathname + u.search + u.hash;
}

export interface LoginResult {
  accessToken: string;
  idToken: string;
  loginPage: string;
  jar: CookieJar;
  /** The authorization code and state the redirect carried, and the token response. */
  code: string;
  state: string;
  tokenResponse: Record<string, unknown>;
}

/** How the authorization response comes back: keycloak-js's fragment, or a query string. */
export type ResponseMode = 'fragment' | 'query';

export async function startAuthorization(
  app: FastifyInstance,
  config: ServerConfig,
  jar: CookieJar,
  responseMode: ResponseMode = 'fragment',
) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${config.publicUrl}/auth/login`;
  const params = new URLSearchParams({
    client_id: config.auth.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: responseMode,
    scope: 'openid',
    state,
    nonce: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const res = await app.inject({
    method: 'GET',
    url: `/realms/${config.auth.realm}/protocol/openid-connect/auth?${params}`,
    headers: { cookie: jar.header() },
  });
  jar.store(res);
  return { res, verifier, redirectUri, state };
}

export async function submitLogin(
  app: FastifyInstance,
  loginPath: string,
  jar: CookieJar,
  username: string,
  password: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: loginPath,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  jar.store(res);
  return res;
}

/** Opens the login page of a fresh authorization request. */
export async function openLoginPage(
  app: FastifyInstance,
  config: ServerConfig,
  responseMode: ResponseMode = 'fragment',
) {
  const jar = new CookieJar();
  const {
    res: auth,
    verifier,
    redirectUri,
    state,
  } = await startAuthorization(app, config, jar, responseMode);
  const loginPath = pathOf(auth.headers.location);
  const page = await app.inject({
    method: 'GET',
    url: loginPath,
    headers: { cookie: jar.header() },
  });
  jar.store(page);
  return { jar, verifier, redirectUri, loginPath, page, state, responseMode };
}

/** Posts any fields of the login page's forms (e.g. the new-password step). */
export async function submitForm(
  app: FastifyInstance,
  loginPath: string,
  jar: CookieJar,
  fields: Record<string, string>,
) {
  const res = await app.inject({
    method: 'POST',
    url: loginPath,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  jar.store(res);
  return res;
}

export async function login(
  app: FastifyInstance,
  config: ServerConfig,
  username: string,
  password = 'demo',
  responseMode: ResponseMode = 'fragment',
): Promise<LoginResult> {
  const started = await openLoginPage(app, config, responseMode);
  const submitted = await submitLogin(app, started.loginPath, started.jar, username, password);
  return finishLogin(app, config, started, submitted);
}

/** The action and hidden fields of a page's auto-submitting POST form, if it has one. */
function selfSubmittingForm(
  html: string,
): { action: string; fields: Record<string, string> } | null {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) return null;
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1]!] = m[2]!;
  }
  return { action, fields };
}

/** Follows the redirect of a successful login submit and exchanges the code for tokens. */
export async function finishLogin(
  app: FastifyInstance,
  config: ServerConfig,
  started: Omit<Awaited<ReturnType<typeof openLoginPage>>, 'state' | 'responseMode'> & {
    responseMode?: ResponseMode;
  },
  submitted: Injected,
): Promise<LoginResult> {
  const { jar, verifier, redirectUri, page } = started;
  if (submitted.statusCode !== 303) throw new Error(`login failed: ${submitted.statusCode}`);
  let location = pathOf(submitted.headers.location);
  for (let i = 0; i < 6 && !location.startsWith('/auth/login'); i++) {
    let hop = await app.inject({
      method: 'GET',
      url: location,
      headers: { cookie: jar.header() },
    });
    jar.store(hop);
    // Another account signing in over a browser's session: the provider ends the old one
    // with a form the browser submits by itself; submit it as the browser would.
    const form = hop.statusCode === 200 ? selfSubmittingForm(hop.body) : null;
    if (form) {
      hop = await app.inject({
        method: 'POST',
        url: pathOf(form.action),
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form.fields).toString(),
      });
      jar.store(hop);
    }
    location = pathOf(hop.headers.location);
  }
  // The browser lands on the app's page; with response_mode=query it requests that URL.
  if (started.responseMode === 'query') {
    const landing = await app.inject({ method: 'GET', url: location });
    if (landing.statusCode >= 500) throw new Error(`landing page failed: ${landing.statusCode}`);
  }
  const response = new URLSearchParams(
    started.responseMode === 'query'
      ? (location.split('?')[1] ?? '').split('#')[0]
      : (location.split('#')[1] ?? ''),
  );
  const code = response.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await app.inject({
    method: 'POST',
    url: `/realms/${config.auth.realm}/protocol/openid-connect/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: config.auth.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const body = token.json<{ access_token?: string; id_token?: string; error?: string }>();
  if (!body.access_token || !body.id_token) throw new Error(`token exchange failed: ${token.body}`);
  return {
    accessToken: body.access_token,
    idToken: body.id_token,
    loginPage: page.body,
    jar,
    code,
    state: response.get('state') ?? '',
    tokenResponse: body,
  };
}
