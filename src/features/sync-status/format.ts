/** Small formatting helpers of the sync status UI (times, stored values, byte sizes). */

/** "14:32" for today, "03.02.2026, 14:32" for another day (in the UI language). */
export function formatSyncTime(iso: string, language: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const sameDay = at.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(language, {
    ...(sameDay ? {} : { day: '2-digit', month: '2-digit', year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** A stored field value as text; null when the field is empty. */
export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/**
 * The store keeps only the text of the last error, so a full device is recognised by its
 * wording (DOMException / Dexie QuotaExceededError messages all name the quota).
 */
export function isQuotaError(error: string | null): boolean {
  return error !== null && /quota/i.test(error);
}
