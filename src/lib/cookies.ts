/**
 * Tiny cookie helper for the two preferences the app keeps in cookies (docs/architecture.md, docs/api.md): the UI
 * locale and the selected customer/location. Values are URI-encoded; nothing secret is stored.
 */

export interface CookieOptions {
  /** Lifetime in days; the cookie is dropped by the browser afterwards. */
  days: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Defaults to true on https pages so the cookie never travels in clear text. */
  secure?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Builds the `document.cookie` assignment string (pure, so it can be tested). */
export function serializeCookie(
  name: string,
  value: string,
  options: CookieOptions,
  now: number = Date.now(),
): string {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.round(options.days * 24 * 60 * 60)}`,
    `Expires=${new Date(now + options.days * DAY_MS).toUTCString()}`,
    `Path=${options.path ?? '/'}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Reads one cookie out of a `document.cookie` string; null when absent or undecodable. */
export function parseCookie(cookieHeader: string, name: string): string | null {
  const wanted = encodeURIComponent(name);
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== wanted) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

export function readCookie(name: string): string | null {
  return hasDocument() ? parseCookie(document.cookie, name) : null;
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  if (!hasDocument()) return;
  const secure = options.secure ?? window.location.protocol === 'https:';
  document.cookie = serializeCookie(name, value, { ...options, secure });
}

export function deleteCookie(name: string, path = '/'): void {
  if (!hasDocument()) return;
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=${path}; SameSite=Lax`;
}
