/**
 * Every failure is JSON `{status, code, message}`; client mistakes are 4xx, never 500.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { parseOrThrow } from '@domain/parse';
import type { ApiError } from '@domain/schemas/api-error';
import type { PushResult } from '@domain/sync-contract';

/** A conflict's server row (the row as the server has it now) and the fields both sides changed. */
type ConflictDetails = Pick<Extract<PushResult, { status: 'conflict' }>, 'serverRow' | 'fields'>;

/** More of an error's answer than status, code and message. */
export interface ErrorDetails extends Partial<ConflictDetails> {
  /** Seconds to wait before asking again. */
  retryAfter?: number;
  /** The push seq the server expects next. */
  expectedSeq?: number;
  /** How many rows still use what was to be deleted. */
  count?: number;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** More of the answer, e.g. a conflict's server row and fields. */
    readonly details?: ErrorDetails,
  ) {
    super(message);
  }
  toBody(): ApiError & ErrorDetails {
    return {
      ...this.details,
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
    };
  }
}

/** Parses a request part; a failure is a 400 naming the first field at fault. */
export const parseOr400 = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> =>
  parseOrThrow(schema, value, (f) => new HttpError(400, 'validation', f.message, f.field));

/** Seconds a client waits before asking again after a query ran out of time. */
export const QUERY_RETRY_AFTER_S = 5;

/** A database refusal that is the caller's fault, as the answer it deserves (else null). */
export function fromDatabase(err: unknown): HttpError | null {
  const code = (err as { code?: unknown }).code;
  if (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  ) {
    return new HttpError(409, 'conflict', 'duplicate entry');
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return new HttpError(400, 'invalid_reference', 'validation:format');
  }
  // PostgreSQL cancelled a statement past its time budget (statement_timeout): try later.
  if (code === '57014') {
    return new HttpError(503, 'query_timeout', 'errors:queryTimeout', undefined, {
      retryAfter: QUERY_RETRY_AFTER_S,
    });
  }
  // PostgreSQL refuses a NUL (or a character its encoding lacks) in text; SQLite stores it.
  if (code === '22021' || code === '22P05') {
    return new HttpError(400, 'validation', 'validation:format');
  }
  return null;
}

/**
 * The disk under the data directory (or PostgreSQL's) is full: nothing the client did wrong,
 * nothing that will last — the same call works again once space is freed. SQLite says
 * SQLITE_FULL, the file system ENOSPC (or EDQUOT past a quota), PostgreSQL 53100.
 */
export function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

export const STORAGE_FULL = 'errors:storageFull';

export function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).send(err.toBody());
    if (isStorageFull(err)) {
      // Logged as what it is, so the operator sees the disk, not a generic 500.
      req.log.error({ err }, 'storage full');
      const full = new HttpError(507, 'storage_full', STORAGE_FULL);
      return reply.code(507).header('retry-after', '60').send(full.toBody());
    }
    const known = fromDatabase(err);
    if (known) {
      if (known.status === 503) reply.header('retry-after', String(QUERY_RETRY_AFTER_S));
      return reply.code(known.status).send(known.toBody());
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    const body: ApiError = {
      status,
      code: status >= 500 ? 'internal_error' : (err.code ?? 'bad_request').toLowerCase(),
      message: status >= 500 ? 'Internal Server Error' : err.message,
    };
    const field = err.validation?.[0]?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    if (field) body.field = field;
    return reply.code(status).send(body);
  });
}
