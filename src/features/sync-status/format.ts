/** Small helpers of the sync status UI (stored values, quota errors; times: lib/i18n/format). */

/** A stored field value as text; null when the field is empty. */
export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The server answered 507: its storage is full (the message key of plugins/errors.ts). */
export function isServerFull(error: string | null): boolean {
  return error === 'errors:storageFull';
}

/**
 * The store keeps only the text of the last error, so a full device is recognised by its
 * wording (DOMException / Dexie QuotaExceededError messages all name the quota).
 */
export function isQuotaError(error: string | null): boolean {
  return error !== null && /quota/i.test(error);
}
