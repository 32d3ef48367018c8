/** The audit date format of docs/api.md (no zod: the date rules use it in the first screen). */

const AUDIT_DATE_RE = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

/** True when 'YYYY-MM-DD HH:MM:SS' names a real calendar day (no 2024-02-30). */
export function isAuditDateString(value: string): boolean {
  const m = AUDIT_DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}
