import { z } from 'zod';
import { isAuditDateString } from '../audit-date';
import type { MessageKey } from '../messages';
import { isPhoneNumber, isPostcode } from '../rules/contact-formats';

/**
 * Field builders shared by every entity schema, so that one kind of field fails with one
 * message key everywhere. Numeric limits are not in SPEC (§9: "not shown"): text bounds are
 * generous database-friendly ones, numbers are only kept non-negative.
 *
 * Optional fields are `.nullable().default(null)`: a stored row always has the key (null when
 * unknown), a create input may leave it out. Update schemas strip these defaults again (see
 * base.ts), otherwise a partial update would reset every omitted field to null.
 */

/** Missing value → 'required'; a present but wrong value → the field's own key. */
export function missingOr(key: MessageKey) {
  return (issue: { input?: unknown }): MessageKey =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'validation:required'
      : key;
}

export const TEXT_MAX = 255;
export const COMMENT_MAX = 2000;

/** Reference to another row (UUIDv7 from the client, docs/sync.md). */
export const idField = () => z.uuid({ error: missingOr('validation:format') });
export const optionalIdField = () => idField().nullable().default(null);

export const requiredText = (max = TEXT_MAX, key: MessageKey = 'validation:required') =>
  z
    .string({ error: key })
    .trim()
    .min(1, { error: key })
    .max(max, { error: 'validation:maxLength' });

export const optionalText = (max = TEXT_MAX) =>
  z
    .string({ error: 'validation:format' })
    .trim()
    .max(max, { error: 'validation:maxLength' })
    .nullable()
    .default(null);

/** A phone number (rules/contact-formats); empty stays allowed. */
export const optionalPhone = () =>
  z
    .string({ error: 'validation:format' })
    .trim()
    .max(50, { error: 'validation:maxLength' })
    .refine((v) => v === '' || isPhoneNumber(v), { error: 'validation:phone' })
    .nullable()
    .default(null);

/** A postcode of one of the customers' countries (rules/contact-formats). */
export const postcodeField = () =>
  requiredText(20).refine((v) => v === '' || isPostcode(v), { error: 'validation:postcode' });

/** docs/api.md: comments and notes are optional. */
export const commentField = () => optionalText(COMMENT_MAX);

export const optionalEmail = () =>
  z
    .email({ error: 'validation:email' })
    .max(TEXT_MAX, { error: 'validation:maxLength' })
    .nullable()
    .default(null);

/** A measured quantity (bar, l, l/min, kW, V, km — docs/api.md); never negative. */
export const measureField = () =>
  z.number({ error: missingOr('validation:numeric') }).min(0, { error: 'validation:min' });
export const optionalMeasure = () => measureField().nullable().default(null);

/** Whole numbers (counts, mm, cents). `.int()` keeps the server's field kind 'integer'. */
export const intField = (min = 0) =>
  z
    .number({ error: missingOr('validation:numeric') })
    .int({ error: 'validation:integer' })
    .min(min, { error: 'validation:min' });
export const optionalInt = (min = 0) => intField(min).nullable().default(null);

/** Build or manufacture years; the bounds only catch typos such as 203 or 20024. */
export const optionalYear = () =>
  intField(1900).max(2100, { error: 'validation:max' }).nullable().default(null);

/** Calendar date 'YYYY-MM-DD' (installation, production, maintenance dates). */
export const isoDateField = () => z.iso.date({ error: missingOr('validation:format') });
export const optionalIsoDate = () => isoDateField().nullable().default(null);

/** Instant, ISO 8601 with Z or an offset (server timestamps, device `performedAt`). */
export const isoDateTimeField = () =>
  z.iso.datetime({ offset: true, error: missingOr('validation:format') });

// isAuditDateString lives in ../audit-date.ts (no zod), for the date rules.
export { isAuditDateString };

/** docs/api.md: DGUV audit date and time as 'YYYY-MM-DD HH:MM:SS' (wall time, see rules/dates). */
export const auditDateField = () =>
  z
    .string({ error: missingOr('validation:format') })
    .refine(isAuditDateString, { error: 'validation:format' });

/**
 * Fields that hold file ids (blob ids of the blob queue). A call setting one waits on the
 * server (`deferred`) until that file is uploaded, and a file can only be uploaded to a row
 * the server has — so such fields are never part of a create call (see src/sync/mutate.ts).
 */
export const FILE_FIELDS = [
  'content',
  'photo',
  'logo',
  'fileId',
  'photoIds',
  'deliveryNoteFileId',
  'markingPhotoId',
] as const;

/** Reference to a stored file (blob id); null until one is attached. */
export const fileRefField = () =>
  z
    .string({ error: missingOr('validation:format') })
    .trim()
    .min(1, { error: 'validation:required' })
    .max(500, { error: 'validation:maxLength' });
export const optionalFileRef = () => fileRefField().nullable().default(null);

export const booleanField = () => z.boolean({ error: missingOr('validation:format') });

/** A JSON list field (stored as one value); its items bring their own messages. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: 'validation:format' });

/** Several attached files (photos of a finding). */
export const fileRefList = () => listOf(fileRefField()).default([]);

/** docs/api.md: image upload accepts JPG or PNG only. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const imageMimeTypeSchema = z.enum(IMAGE_MIME_TYPES, { error: 'validation:imageType' });

export function isAllowedImage(mimeType: string, fileName?: string): boolean {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(mimeType.toLowerCase())) return false;
  return fileName === undefined || /\.(jpe?g|png)$/i.test(fileName);
}
