/**
 * The one error shape of every call to our server (http.ts), by what the caller does about it:
 * - NetworkError: no answer (offline, refused, cut, timed out) — try again later;
 * - AuthError: no token, or the server refused it (401) — wait for a sign-in, never a rejection;
 * - HttpError: any other non-2xx answer, with the server's body (status, code,
 *   message — often a message key such as 'validation:required' — and field) and its
 *   `Retry-After`.
 * `isRetryable` is the retry classification the sync engine and the blob queue share.
 */

/** The server could not be reached, or the call timed out. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network unreachable', { cause });
    this.name = 'NetworkError';
  }
}

/** No usable token, or the server refused it (401). Work waits until there is a new one. */
export class AuthError extends Error {
  constructor() {
    super('token invalid');
    this.name = 'AuthError';
  }
}

/** An answer other than success; `body` is the parsed JSON (or null). */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** The form field the server named (`{ field }` of the error body), if any. */
  readonly field: string | undefined;
  readonly body: unknown;
  /** The server's `Retry-After` (429, 503) in ms: no retry comes sooner. */
  readonly retryAfterMs: number | null;
  constructor(
    status: number,
    code: string,
    message: string,
    body: unknown = null,
    retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
    const field = (body as { field?: unknown } | null)?.field;
    this.field = typeof field === 'string' ? field : undefined;
  }
}

/** The error of a non-2xx answer (not 401: that is an AuthError, see http.ts). */
export function errorOfAnswer(
  status: number,
  statusText: string,
  body: unknown,
  retryAfter: string | null,
): HttpError {
  const err = (body ?? {}) as { code?: unknown; message?: unknown };
  return new HttpError(
    status,
    typeof err.code === 'string' ? err.code : 'http_error',
    typeof err.message === 'string' ? err.message : statusText || `HTTP ${status}`,
    body,
    retryAfterMs(retryAfter),
  );
}

/** `Retry-After` as delay-seconds (what our server sends) or an HTTP date, in ms. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Worth retrying with backoff: unreachable, timed out, or the server failed (5xx, 408, 429). */
export function isRetryable(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  return (
    err instanceof HttpError && (err.status >= 500 || err.status === 429 || err.status === 408)
  );
}
