/**
 * Where a scanned hose opens: during the user's running DGUV audit of its machine, straight
 * into its check (the app composes that rule in from the DGUV feature); otherwise its page —
 * the edit screen for staff, the machine's hose list filtered to its code for customer users
 * (who have no hose page).
 */
import type { ScannedPipe } from './data/hose-lookup';

/** The running audit's check of `pipe`, or null when no audit of its machine runs. */
export type AuditCheckHref = (pipe: ScannedPipe) => Promise<string | null>;

export function hosePageHref(pipe: ScannedPipe, canEdit: boolean): string {
  const machine = `/customer/${encodeURIComponent(pipe.companyId)}/machine/${encodeURIComponent(pipe.machineId)}`;
  return canEdit
    ? `${machine}/parts/pipes/${encodeURIComponent(pipe.id)}`
    : `${machine}/parts/pipes?${new URLSearchParams({ q: pipe.code }).toString()}`;
}

export async function hoseTarget(
  pipe: ScannedPipe,
  canEdit: boolean,
  auditCheck: AuditCheckHref | undefined,
): Promise<string> {
  const check = auditCheck ? await auditCheck(pipe).catch(() => null) : null;
  return check ?? hosePageHref(pipe, canEdit);
}
