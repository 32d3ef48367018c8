/**
 * Failures of the sync layer, by what the caller does about them: a refused local write
 * (MutationError — shown in the form, nothing was written), a transport failure worth
 * retrying (SyncNetworkError, SyncServerError), a token to renew (SyncAuthError — work waits,
 * never a rejection), or a client stream the server cannot continue (SyncBrokenError).
 */
import type { MessageKey } from '../domain/messages';

export type MutationErrorCode = 'validation' | 'not_found' | 'parent_missing' | 'not_signed_in';

export class MutationError extends Error {
  readonly code: MutationErrorCode;
  readonly field: string | undefined;
  constructor(code: MutationErrorCode, message: MessageKey | string, field?: string) {
    super(message);
    this.name = 'MutationError';
    this.code = code;
    this.field = field;
  }
}

/** The server could not be reached, or the request timed out. */
export class SyncNetworkError extends Error {
  constructor(cause: unknown) {
    super('network unreachable', { cause });
    this.name = 'SyncNetworkError';
  }
}

/** An HTTP answer other than success; `body` is the parsed JSON (or null). */
export class SyncHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  /** The server's `Retry-After` (429, 503) in ms: no retry comes sooner. */
  readonly retryAfterMs: number | null;
  constructor(
    status: number,
    code: string,
    message: string,
    body: unknown,
    retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'SyncHttpError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }
}

/** 401: the token is missing or refused. The engine pauses until a new one is there. */
export class SyncAuthError extends Error {
  constructor() {
    super('token invalid');
    this.name = 'SyncAuthError';
  }
}

/** The server expects a seq this device no longer has: pushing stops until someone looks. */
export class SyncBrokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncBrokenError';
  }
}

/** Worth retrying with backoff: unreachable, timed out, or the server failed (5xx, 429). */
export function isRetryable(err: unknown): boolean {
  if (err instanceof SyncNetworkError) return true;
  return err instanceof SyncHttpError && (err.status >= 500 || err.status === 429);
}
