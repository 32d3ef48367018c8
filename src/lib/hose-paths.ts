/**
 * Paths to a machine's hoses, to a customer's hoses to replace at the next visit and to a
 * hose's swap (docs/hose-lifecycle.md), for the features that send the user there: the day
 * plan, the running audit, the office's order screen and the start page.
 */

/** The hose lists' URL value of the filter "replace at the next visit" (`replace=`). */
export const REPLACE_NEXT_VISIT = 'next-visit';

/** The customer's hose list showing only the hoses to replace at the next visit. */
export const customerReplaceNextVisitPath = (companyId: string) =>
  `/customer/${encodeURIComponent(companyId)}/pipes?replace=${REPLACE_NEXT_VISIT}`;

export const machineHosesPath = (companyId: string, machineId: string) =>
  `/customer/${encodeURIComponent(companyId)}/machine/${encodeURIComponent(machineId)}/parts/pipes`;

/**
 * The hose's screen with "Replaced by a new assembly" open: for a delivered order line
 * (`line`, which the swap marks installed), and coming back to `back` once swapped or
 * cancelled.
 */
export function hoseSwapPath(
  pipe: { companyId: string; machineId: string; id: string },
  options: { line?: string; back?: string } = {},
): string {
  const query = new URLSearchParams();
  if (options.line) query.set('swapLine', options.line);
  else query.set('swap', '1');
  if (options.back) query.set('back', options.back);
  return `${machineHosesPath(pipe.companyId, pipe.machineId)}/${encodeURIComponent(pipe.id)}?${query.toString()}`;
}

/** A `back` taken from the address: a path inside the app, never another site. */
export function inAppPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  return value;
}
