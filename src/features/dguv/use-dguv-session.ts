/**
 * What every running-audit screen reads: the signed-in user, their running audit (one per
 * user, docs/architecture.md), its machine with hoses by position, this audit's check of each hose and
 * each hose's service-life flag. All from IndexedDB, so the screens work offline.
 */
import { useMemo } from 'react';
import { useAuditChecks, useRunningAudit } from './data/audit-queries';
import { usePipes, usePipeStatuses } from '@db/hooks';
import { useMachineSummary } from '@db/machine-queries';
import { useAuthStore } from '@lib/auth';

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
  const pipes = usePipes(machineId);
  const checks = useAuditChecks(audit?.id);
  const statuses = usePipeStatuses(pipes);
  const checkedCount = useMemo(
    () => (pipes && checks ? pipes.filter((p) => checks.has(p.id)).length : 0),
    [pipes, checks],
  );
  return { userId, userName: name, audit, summary, pipes, checks, statuses, checkedCount };
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
