/**
 * The translation key of a stored DGUV answer (docs/architecture.md: stored as the exact German
 * strings, shown translated): `answers.ok` or `answers.f1` … `answers.f10` in the `dguv`
 * namespace; null for an unknown text (an older answer, shown as stored).
 */
import { DGUV_FINDINGS, DGUV_OK } from '@domain/dguv-values';

export type DguvAnswerKey = `answers.${'ok' | `f${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`}`;

export function dguvAnswerKey(value: string): DguvAnswerKey | null {
  if (value === DGUV_OK) return 'answers.ok';
  const index = (DGUV_FINDINGS as readonly string[]).indexOf(value);
  return index < 0 ? null : (`answers.f${index + 1}` as DguvAnswerKey);
}
