/**
 * The competent person (befähigte Person, TRBS 1203; docs/dguv-record.md): the office keeps a
 * profile per user — qualification, training, the date of the last refresher — and the company
 * setting how often a refresher is due (default every 3 years). Finishing an audit warns when
 * the inspector's last refresher is older than that, or unknown.
 */
import { addMonths, toCalendarDate } from './intervals';

/** The company setting's default: a refresher every 3 years. */
export const DEFAULT_REFRESHER_YEARS = 3;

export interface CompetentPersonProfile {
  qualification: string | null;
  training: string | null;
  /** 'YYYY-MM-DD'; null: not recorded. */
  lastRefresher: string | null;
}

/** The day the next refresher is due; null when the last one is not recorded. */
export function refresherDue(lastRefresher: string | null, years: number): string | null {
  return lastRefresher ? addMonths(lastRefresher, years * 12) : null;
}

/**
 * True when the finish screen must warn: no refresher recorded, or the last one is `years` or
 * more ago (on the due day the refresher is already owed).
 */
export function isRefresherOverdue(
  lastRefresher: string | null,
  years: number,
  now: string | Date,
): boolean {
  const due = refresherDue(lastRefresher, years);
  return due === null || toCalendarDate(now) >= due;
}

/** The company setting's bounds: a refresher every 1 to 10 whole years. */
export const REFRESHER_YEARS_MIN = 1;
export const REFRESHER_YEARS_MAX = 10;

/**
 * The refresher interval as typed on the settings form: the years, or the message key of why
 * it is refused (not a whole number from 1 to 10).
 */
export function parseRefresherYears(
  typed: string,
): { ok: true; years: number } | { ok: false; message: 'validation:refresherYears' } {
  const text = typed.trim();
  const years = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  return years >= REFRESHER_YEARS_MIN && years <= REFRESHER_YEARS_MAX
    ? { ok: true, years }
    : { ok: false, message: 'validation:refresherYears' };
}

/**
 * Why a last-refresher day is refused, or null: it must be a real calendar day ('YYYY-MM-DD')
 * and not after `today` (a refresher not yet held is no qualification).
 */
export function lastRefresherIssue(
  day: string | null,
  today: string,
): 'validation:format' | 'validation:refresherFuture' | null {
  if (!day) return null;
  let normalized: string;
  try {
    normalized = toCalendarDate(day);
  } catch {
    return 'validation:format';
  }
  if (normalized !== day) return 'validation:format';
  return day > today ? 'validation:refresherFuture' : null;
}
