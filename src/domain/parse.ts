import type { z } from 'zod';

/**
 * A zod parse whose first failure becomes the caller's error, written once for the device (a
 * MutationError naming the field) and the server (a 400 naming the field).
 */

/** The first thing wrong with a value: its message key and the dotted field path. */
export interface ParseFailure {
  message: string;
  field: string | undefined;
}

export function firstFailure(error: z.ZodError): ParseFailure {
  const issue = error.issues[0];
  return {
    message: issue?.message ?? 'validation:format',
    field: issue?.path.map(String).join('.') || undefined,
  };
}

/** The parsed value, or `fail`'s error for the first issue. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  fail: (failure: ParseFailure) => Error,
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw fail(firstFailure(result.error));
}
