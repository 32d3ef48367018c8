import type { AuditState } from '../schemas/enums';
import { hasPermission, isOfficeStaff, type PermissionSubject } from './permissions';

/**
 * The DGUV audit's state machine (docs/dguv-record.md). This table is the only place that says
 * what may happen to an audit and to what hangs below it (its hose checks, their photos, its
 * signature): the server refuses everything else on every path (CMS, sync push, uploads,
 * cascading deletes) and the screens show only these actions.
 *
 *   IN_PROGRESS ──finish (signature)──▶ COMPLETE ──approve──▶ APPROVED (final)
 *        └──cancel (delete)                └──cancel (delete)
 *
 * While an audit runs its checks are recorded and corrected; once finished the record is what
 * the competent person signed: only the office's approval, or cancelling it as a whole, remain.
 */
export type AuditAction = 'finish' | 'approve' | 'cancel';

/** 'auditor': staff with the DGUV module; 'office': office staff or an administrator. */
export type AuditActorKind = 'auditor' | 'office';

export interface AuditTransition {
  action: AuditAction;
  from: AuditState;
  /** null: the audit is deleted (with its checks and signature). */
  to: AuditState | null;
  who: AuditActorKind;
}

export const AUDIT_TRANSITIONS: readonly AuditTransition[] = [
  { action: 'finish', from: 'IN_PROGRESS', to: 'COMPLETE', who: 'auditor' },
  { action: 'cancel', from: 'IN_PROGRESS', to: null, who: 'auditor' },
  { action: 'approve', from: 'COMPLETE', to: 'APPROVED', who: 'office' },
  { action: 'cancel', from: 'COMPLETE', to: null, who: 'office' },
];

/**
 * Approving is office work: office staff (ui-admininstrator) or an administrator — never a
 * customer user, whatever roles their account carries.
 */
export function canApproveAudits(user: PermissionSubject | null | undefined): boolean {
  return isOfficeStaff(user);
}

function actorMatches(who: AuditActorKind, user: PermissionSubject | null | undefined): boolean {
  if (!hasPermission(user, 'can-edit')) return false;
  return who === 'office' ? canApproveAudits(user) : true;
}

/** The transition `action` from `from`, if this user may make it. */
export function auditTransition(
  from: AuditState,
  action: AuditAction,
  user: PermissionSubject | null | undefined,
): AuditTransition | null {
  return (
    AUDIT_TRANSITIONS.find(
      (t) => t.from === from && t.action === action && actorMatches(t.who, user),
    ) ?? null
  );
}

/** May this user take `action` on an audit in state `from` (for buttons)? */
export const canAudit = (
  from: AuditState,
  action: AuditAction,
  user: PermissionSubject | null | undefined,
) => auditTransition(from, action, user) !== null;

/**
 * Only a running audit takes changes below it: new or corrected hose checks, photos, a new
 * signature, its own fields. A finished or approved one changes only by the table's steps.
 */
export const isAuditOpen = (state: AuditState) => state === 'IN_PROGRESS';

/** The states whose record is fixed: drawn from the snapshot taken at finish. */
export const isAuditRecorded = (state: AuditState) => state === 'COMPLETE' || state === 'APPROVED';

/** The one code (and message key) of every refused change to a finished or approved audit. */
export const AUDIT_LOCKED = { code: 'audit_locked', message: 'errors:auditLocked' } as const;
