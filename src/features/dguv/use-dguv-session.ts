/**
 * What every running-audit screen reads: the signed-in user, their running audit (one per
 * user, docs/architecture.md), its machine with the hoses it checks by position (installed, or
 * retired since with a check in it), the new hoses awaiting an audit before first use, this
 * audit's check of each hose and each hose's status. All from IndexedDB, so the screens work offline.
 */
import { useMemo } from 'react';
import { useAuditChecks, useRunningAudit } from './data/audit-queries';
import { usePipes, usePipeStatuses } from '@db/hooks';
import { useMachineSummary } from '@db/machine-queries';
import { useAuthStore } from '@lib/auth';
import { auditHoseLists } from '@domain/rules/hose-life';

export function useDguvUser() {
  const user = useAuthStore((s) => s.user);
  return {
    userId: user?.id ?? null,
    name: user ? user.name || [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
  };
}

export function useDguvSession() {
  const { userId, name } = useDguvUser();
  const audit = useRunningAudit(userId);
  const machineId = audit?.machineId ?? '';
  const summary = useMachineSummary(machineId);
  const machinePipes = usePipes(machineId);
  const checks = useAuditChecks(audit?.id);
  const statuses = usePipeStatuses(machinePipes);
  // The hoses this audit checks, and the new ones whose inspection before first use is an
  // audit of its own (rules/hose-life, docs/hose-lifecycle.md).
  const lists = useMemo(
    () =>
      audit && machinePipes && checks && statuses
        ? auditHoseLists(
            machinePipes,
            audit,
            (id) => checks.has(id),
            (id) => statuses.get(id)?.lastCheck ?? null,
          )
        : undefined,
    [audit, machinePipes, checks, statuses],
  );
  const pipes = lists?.toCheck;
  const checkedCount = useMemo(
    () => (pipes && checks ? pipes.filter((p) => checks.has(p.id)).length : 0),
    [pipes, checks],
  );
  return {
    userId,
    userName: name,
    audit,
    summary,
    pipes,
    firstUseApart: lists?.firstUseApart,
    checks,
    statuses,
    checkedCount,
  };
}

export type DguvSession = ReturnType<typeof useDguvSession>;

/** Paths of the running audit (docs/architecture.md). */
export const DGUV_PATHS = {
  start: '/dguv',
  audit: '/dguv/audit',
  finish: '/dguv/audit/finish',
  check: (pipeId: string) => `/dguv/audit/check-pipe?pipe=${encodeURIComponent(pipeId)}`,
  cheatsheet: '/cheatsheet',
} as const;

export const machineHref = (companyId: string, machineId: string) =>
  `/customer/${companyId}/machine/${machineId}`;
export const reportHref = (companyId: string, machineId: string, auditId: string) =>
  `${machineHref(companyId, machineId)}/dguv/${auditId}`;
