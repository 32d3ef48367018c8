/**
 * Sign-in with keycloak-js (OIDC code flow + PKCE) against the embedded provider or a real
 * Keycloak, and the device session that lets the app open offline.
 *
 * The session (user, roles, customer, tokens) is kept in IndexedDB. On start:
 * - offline (or the server unreachable): keycloak-js is not started (it needs the network,
 *); the last session is restored so work can go on, and sync waits;
 * - online: keycloak-js finishes a code callback if the URL carries one; otherwise a stored,
 *   unexpired token is reused (the embedded provider issues no refresh tokens, trap 8; a real
 *   Keycloak's refresh token is handed to keycloak-js, which renews it).
 * Without a usable token the status is 'unauthenticated' and the login page starts sign-in.
 * keycloak-js and the zod schema of the session answer load on demand, after the first paint
 * offline they are never needed.
 */
import type Keycloak from 'keycloak-js';
import type { SessionInfo } from '@domain/schemas/session';
import type { PublicConfig } from '@domain/schemas/public-config';
import type { StoredSession } from '@db/database';
import { api } from '../api/api';
import { AuthError, NetworkError } from '../api/http-errors';
import { loadPublicConfig } from '../api/public-config';
import { useAuthStore, initialAuthState } from './auth-store';

const REDIRECT_KEY = 'auth.redirect';

/**
 * The device database and its session rows, loaded on demand: the sign-in page's first paint
 * needs neither Dexie nor keycloak-js.
 */
async function device() {
  const [{ getDatabase }, sessions] = await Promise.all([
    import('@db/database'),
    import('@db/session-repository'),
  ]);
  return { db: getDatabase(), ...sessions };
}
/** Where the identity provider sends the browser back to; registered exactly at the provider. */
export const CALLBACK_PATH = '/auth/login';

let keycloak: Keycloak | null = null;
let authConfig: PublicConfig['auth'] | null = null;

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function callbackUri(): string {
  return `${window.location.origin}${CALLBACK_PATH}`;
}

async function fetchSessionInfo(token: string): Promise<SessionInfo> {
  const [data, { sessionInfoSchema }] = await Promise.all([
    api.get('/api/auth/session', { token }),
    import('@domain/schemas/session'),
  ]);
  return sessionInfoSchema.parse(data);
}

async function adoptToken(token: string, idToken: string | null, refreshToken: string | null) {
  const info = await fetchSessionInfo(token);
  const { db, saveSession } = await device();
  await saveSession(db, {
    id: 'current',
    user: info.user,
    accessToken: token,
    accessTokenExpiresAt: Date.parse(info.expiresAt),
    idToken,
    refreshToken,
    savedAt: Date.now(),
  });
  useAuthStore.setState({
    status: 'authenticated',
    user: info.user,
    accessToken: token,
    accessTokenExpired: false,
    restoredOffline: false,
  });
  void requestPersistentStorage();
}

/** Ask the browser to keep our IndexedDB under storage pressure (docs/sync.md durability). */
async function requestPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) {
      await navigator.storage.persist();
    }
  } catch {
    // Not supported (e.g. some embedded browsers): nothing to do.
  }
}

async function restoreOffline(): Promise<void> {
  const { db, loadSession } = await device();
  const stored = await loadSession(db);
  if (!stored) {
    useAuthStore.setState({ ...initialAuthState, status: 'unauthenticated' });
    return;
  }
  useAuthStore.setState({
    status: 'authenticated',
    user: stored.user,
    accessToken: stored.accessToken,
    accessTokenExpired: stored.accessTokenExpiresAt <= Date.now(),
    restoredOffline: true,
  });
}

/** Creates and initialises keycloak-js (finishing a code callback if the URL carries one). */
async function initKeycloak(
  config: PublicConfig,
  stored: StoredSession | undefined,
): Promise<Keycloak> {
  authConfig = config.auth;
  const { default: Keycloak } = await import('keycloak-js');
  const kc = new Keycloak({
    url: config.auth.url,
    realm: config.auth.realm,
    clientId: config.auth.clientId,
  });
  const restore = stored?.refreshToken
    ? {
        token: stored.accessToken,
        refreshToken: stored.refreshToken,
        idToken: stored.idToken ?? undefined,
      }
    : {};
  try {
    await kc.init({
      checkLoginIframe: false,
      pkceMethod: 'S256',
      redirectUri: callbackUri(),
      ...restore,
    });
  } catch {
    // A failed callback or refresh leaves kc unauthenticated; callers fall back.
  }
  keycloak = kc;
  return kc;
}

/** Starts authentication once per page load. Never throws: failures end in a status. */
export async function startAuth(): Promise<void> {
  useAuthStore.setState({ status: 'loading' });
  if (!isOnline()) return restoreOffline();
  // Fetched side by side, not one after another: on a slow network every step in a row costs a
  // round trip before the first screen or the hand-over to the sign-in form.
  const deviceReady = device();
  deviceReady.catch(() => undefined);
  void import('keycloak-js').catch(() => undefined);
  let config: PublicConfig;
  try {
    config = await loadPublicConfig();
  } catch {
    return restoreOffline();
  }
  const { db, loadSession } = await deviceReady;
  const stored = await loadSession(db);
  const kc = await initKeycloak(config, stored);
  if (kc.authenticated && kc.token) {
    try {
      await adoptToken(kc.token, kc.idToken ?? null, kc.refreshToken ?? null);
      return;
    } catch (err) {
      if (err instanceof NetworkError) return restoreOffline();
    }
  }
  if (stored && stored.accessTokenExpiresAt > Date.now()) {
    try {
      await adoptToken(stored.accessToken, stored.idToken, stored.refreshToken);
      return;
    } catch (err) {
      if (err instanceof NetworkError) return restoreOffline();
    }
  }
  useAuthStore.setState({ ...initialAuthState, status: 'unauthenticated' });
}

/**
 * Reloads the session from the server (docs/api.md: every 60 s and on visibility).
 * A refused token marks the session expired but keeps the user, so nothing on screen is lost.
 */
export async function refreshSession(): Promise<void> {
  const { accessToken, status } = useAuthStore.getState();
  if (status !== 'authenticated' || !accessToken) return;
  if (keycloak?.refreshToken) {
    try {
      const renewed = await keycloak.updateToken(30);
      if (renewed && keycloak.token) {
        await adoptToken(keycloak.token, keycloak.idToken ?? null, keycloak.refreshToken ?? null);
        return;
      }
    } catch {
      // fall through to the session check, which tells whether the token still works
    }
  }
  try {
    const info = await fetchSessionInfo(accessToken);
    useAuthStore.setState({ user: info.user, accessTokenExpired: false, restoredOffline: false });
    await keepSessionUser(info.user);
  } catch (err) {
    if (err instanceof AuthError) {
      useAuthStore.setState({ accessTokenExpired: true });
    }
    // Network errors: offline, keep everything as it is.
  }
}

/**
 * The stored session takes the user as the server last answered: a profile the office changed
 * (the competent person's qualification, a role) is then known offline too.
 */
async function keepSessionUser(user: SessionInfo['user']): Promise<void> {
  try {
    const { db, updateSessionUser } = await device();
    await updateSessionUser(db, user);
  } catch {
    // The device database is unavailable: the store holds the user for this page load.
  }
}

/** Remembers where to go after sign-in (the `redirect` query parameter of docs/architecture.md). */
export async function rememberRedirect(path: string): Promise<void> {
  const { db, setSetting } = await device();
  await setSetting(db, REDIRECT_KEY, path);
}

/** The path to continue at after sign-in, consumed once; null when none was remembered. */
export async function takeRedirect(): Promise<string | null> {
  const { db, getSetting, setSetting } = await device();
  const path = await getSetting<string | null>(db, REDIRECT_KEY);
  if (path == null) return null;
  await setSetting(db, REDIRECT_KEY, null);
  return safeRedirect(path);
}

/** Only same-app absolute paths are followed, never another origin. */
export function safeRedirect(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return '/';
  if (path.startsWith(CALLBACK_PATH)) return '/';
  return path;
}

/** Sends the browser to the identity provider's login page. */
export async function login(redirectPath: string, locale?: string): Promise<void> {
  await rememberRedirect(safeRedirect(redirectPath));
  // Starting keycloak-js here must not touch the auth status: the login page stays on screen.
  const kc = keycloak ?? (await initKeycloak(await loadPublicConfig(), undefined));
  await kc.login({ redirectUri: callbackUri(), ...(locale ? { locale } : {}) });
}

/**
 * A page load of the sign-in route (not the provider's code callback) on a device that holds no
 * session: straight on to the identity provider, before the app itself loads — on a slow phone
 * the app's start was most of the sign-in page's load time. False when the app must
 * start instead (offline, a callback, a stored session, any failure); it then decides as usual.
 */
export async function signInBeforeApp(location: Location, language: string): Promise<boolean> {
  if (location.pathname !== CALLBACK_PATH || !isOnline()) return false;
  const callback = /(^|[#?&])(code|error)=/;
  if (callback.test(location.hash.slice(1)) || callback.test(location.search.slice(1))) {
    return false;
  }
  try {
    void import('keycloak-js').catch(() => undefined);
    void loadPublicConfig().catch(() => undefined);
    const { db, loadSession } = await device();
    if (await loadSession(db)) return false;
    await login(new URLSearchParams(location.search).get('redirect') ?? '/', language);
    return true;
  } catch {
    return false;
  }
}

/** Ends the session on the device and at the identity provider. */
export async function logout(): Promise<void> {
  const { db, loadSession, clearSession } = await device();
  const stored = await loadSession(db);
  await clearSession(db);
  useAuthStore.setState({ ...initialAuthState, status: 'unauthenticated' });
  if (!authConfig || !isOnline()) {
    window.location.assign('/');
    return;
  }
  const url = new URL(
    `${authConfig.url.replace(/\/$/, '')}/realms/${authConfig.realm}/protocol/openid-connect/logout`,
  );
  url.searchParams.set('client_id', authConfig.clientId);
  url.searchParams.set('post_logout_redirect_uri', `${window.location.origin}/`);
  const idToken = keycloak?.idToken ?? stored?.idToken;
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  window.location.assign(url.toString());
}
