/**
 * Figures with a budget: printed like report() and, on a miss, `npm run bench` fails (the
 * process's exit code is set; the figures after it are still printed).
 */
import { report } from './bench-server';

/** Reports `value` against an upper (`max`) or lower (`min`) bound; false on a miss. */
export function checkBudget(
  name: string,
  value: number,
  unit: string,
  bound: { max: number } | { min: number },
  note?: string,
): boolean {
  const ok = 'max' in bound ? value <= bound.max : value >= bound.min;
  const limit = 'max' in bound ? `≤ ${bound.max} ${unit}` : `≥ ${bound.min} ${unit}`;
  report(name, value, unit, `${limit}${note ? `; ${note}` : ''}${ok ? '' : ' — MISSED'}`);
  if (!ok) process.exitCode = 1;
  return ok;
}
