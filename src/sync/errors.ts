/**
 * Failures of the sync layer: a refused local write (MutationError — shown in the form,
 * nothing was written). A client stream the server cannot continue is no failure: it is
 * re-based (push.ts sendBatch). Failures of a call (no answer, a token to renew, an HTTP
 * error, and which of them are worth retrying) are the HTTP client's: lib/api/http-errors.ts.
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

/**
 * Thrown inside a write transaction that was sent on a guess (a load page of pull.ts) when the reads behind it show the guess was wrong: the transaction aborts, nothing
 * of it stays, and the caller writes again the careful way.
 */
export class StaleGuess extends Error {
  constructor() {
    super('written on a stale guess');
    this.name = 'StaleGuess';
  }
}
