/**
 * Forms validated by the domain's zod schemas (docs/architecture.md: one schema for forms and server).
 * The schema's messages are i18n keys ('validation:required', 'machines:dataMissing' …);
 * `schemaErrors` turns a failed parse into Mantine form errors keyed by field path, each
 * translated with its bounds ({{count}}, {{minimum}}, {{maximum}}).
 *
 * Form values keep what inputs hold ('' for an empty text box or number input);
 * `toSchemaInput` turns those into the schema's "unknown" (null) before parsing and saving.
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';

type Plain = Record<string, unknown>;

/** '' → null, recursively (objects and arrays); every other value stays. */
export function toSchemaInput<T>(values: T): T {
  if (values === '') return null as T;
  if (Array.isArray(values)) return values.map((v) => toSchemaInput(v)) as T;
  if (
    values &&
    typeof values === 'object' &&
    !(values instanceof Date) &&
    !(values instanceof Blob)
  ) {
    const out: Plain = {};
    for (const [k, v] of Object.entries(values as Plain)) out[k] = toSchemaInput(v);
    return out as T;
  }
  return values;
}

/** null → '' for top-level and nested values, so inputs stay controlled. */
export function toFormValues<T>(row: T): T {
  if (row === null || row === undefined) return '' as T;
  if (Array.isArray(row)) return row.map((v) => toFormValues(v)) as T;
  if (typeof row === 'object' && !(row instanceof Date) && !(row instanceof Blob)) {
    const out: Plain = {};
    for (const [k, v] of Object.entries(row as Plain)) out[k] = toFormValues(v);
    return out as T;
  }
  return row;
}

interface IssueLike {
  message: string;
  path: PropertyKey[];
  code?: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
}

/** The translated message of one zod issue whose message is an i18n key. */
export function issueMessage(issue: IssueLike, t: TFunction): string {
  const key = issue.message.includes(':') ? issue.message : 'validation:format';
  const bound = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number | undefined));
  const params: Record<string, unknown> = {};
  if (issue.minimum !== undefined) params.minimum = bound(issue.minimum);
  if (issue.maximum !== undefined) params.maximum = bound(issue.maximum);
  if (key.endsWith('Length')) params.count = params.maximum ?? params.minimum ?? 0;
  return String(t(key as never, params as never));
}

/**
 * Validates `values` (after toSchemaInput) against `schema`; returns Mantine errors by path
 * ('name', 'aggregates.0.type'), the first message per field. Empty object when valid.
 */
export function schemaErrors(
  schema: z.ZodType,
  values: unknown,
  t: TFunction,
): Record<string, string> {
  const result = schema.safeParse(toSchemaInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issueMessage(issue as IssueLike, t);
  }
  return errors;
}
