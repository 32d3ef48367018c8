import { z } from 'zod';
import type { MessageKey } from '../messages';

/**
 * Hose codes are '<prefix>-<running number>' (e.g. 'SM-000123'). The prefix comes from the
 * company settings (docs/api.md "pipe code prefix"); docs/api.md says it is required and entered
 * without a hyphen but leaves its maximum length open — 10 keeps a code short enough for a
 * hose tag. Letters and digits only, so that the hyphen stays the one separator.
 */
export const PIPE_CODE_PREFIX_MAX = 10;
/** Running numbers are zero-padded to six digits so that codes sort as text. */
export const HOSE_CODE_DIGITS = 6;

const PREFIX_CHARS = /^[A-Za-z0-9]*$/;
const CODE_RE = /^([A-Za-z0-9]+)-(\d+)$/;

/** The first problem with a prefix as a message key, or null when it is fine. */
export function validatePipeCodePrefix(prefix: string): MessageKey | null {
  const value = prefix.trim();
  if (value === '') return 'validation:required';
  if (value.includes('-')) return 'settings:prefixHyphen';
  if (!PREFIX_CHARS.test(value)) return 'settings:prefixFormat';
  if (value.length > PIPE_CODE_PREFIX_MAX) return 'validation:maxLength';
  return null;
}

/** The same rules as a zod field, reporting exactly one key (the first problem). */
export const pipeCodePrefixSchema = z
  .string({ error: 'validation:required' })
  .trim()
  // Codes are printed and compared in capitals: 'hm' is stored as 'HM'.
  .toUpperCase()
  .superRefine((value, ctx) => {
    const key = validatePipeCodePrefix(value);
    if (key === 'validation:maxLength') {
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: PIPE_CODE_PREFIX_MAX,
        inclusive: true,
        input: value,
        message: key,
      });
    } else if (key) {
      ctx.addIssue({ code: 'custom', input: value, message: key });
    }
  });

export function formatHoseCode(prefix: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`invalid running number ${n}`);
  return `${prefix.trim()}-${String(n).padStart(HOSE_CODE_DIGITS, '0')}`;
}

export interface ParsedHoseCode {
  prefix: string;
  number: number;
}

/** Splits a generated code; null for codes not made by `formatHoseCode` (e.g. imported ones). */
export function parseHoseCode(code: string): ParsedHoseCode | null {
  const m = CODE_RE.exec(code.trim());
  if (!m?.[1] || !m[2]) return null;
  const number = Number(m[2]);
  return Number.isSafeInteger(number) ? { prefix: m[1], number } : null;
}

/**
 * The next free code for a prefix: one above the highest number already used with that prefix
 * (compared case-insensitively, as uniqueness is). Gaps are not reused, so a deleted hose's
 * code never comes back on another hose.
 */
export function nextHoseCode(prefix: string, existingCodes: Iterable<string | null>): string {
  const wanted = prefix.trim().toLowerCase();
  let highest = 0;
  for (const code of existingCodes) {
    const parsed = code === null ? null : parseHoseCode(code);
    if (parsed && parsed.prefix.toLowerCase() === wanted) {
      highest = Math.max(highest, parsed.number);
    }
  }
  return formatHoseCode(prefix, highest + 1);
}

export interface CodedRow {
  id: string;
  code: string | null;
  deletedAt?: string | null;
}

const normalise = (code: string) => code.trim().toLowerCase();

/**
 * docs/api.md: a hose code must be unique. Compared trimmed and case-insensitively (a technician
 * typing 'sm-000001' means 'SM-000001'); `exceptId` skips the hose being edited; tombstoned
 * rows no longer hold their code.
 */
export function isCodeTaken(
  code: string,
  existing: Iterable<CodedRow>,
  exceptId?: string,
): boolean {
  const wanted = normalise(code);
  if (wanted === '') return false;
  for (const row of existing) {
    if (row.id === exceptId || row.deletedAt || row.code === null) continue;
    if (normalise(row.code) === wanted) return true;
  }
  return false;
}

/** The message key for a taken code, for forms and the server alike. */
export function codeUniquenessError(
  code: string,
  existing: Iterable<CodedRow>,
  exceptId?: string,
): MessageKey | null {
  return isCodeTaken(code, existing, exceptId) ? 'pipes:codeExists' : null;
}
