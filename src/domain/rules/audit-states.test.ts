import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_STATE, type AuditState } from '../schemas/enums';
import {
  AUDIT_TRANSITIONS,
  auditTransition,
  canApproveAudits,
  canAudit,
  isAuditOpen,
  isAuditRecorded,
  type AuditAction,
} from './audit-states';
import type { PermissionSubject } from './permissions';

const technician: PermissionSubject = { roles: ['module-dguv'], customer: null };
const office: PermissionSubject = {
  roles: ['ui-admininstrator', 'admin-shop', 'module-dguv'],
  customer: null,
};
const admin: PermissionSubject = { roles: ['admin'], customer: null };
const customer: PermissionSubject = { roles: ['admin', 'ui-admininstrator'], customer: 'c1' };
const ACTIONS: AuditAction[] = ['finish', 'approve', 'cancel'];

describe('the audit state table', () => {
  it('allows exactly these steps, and nothing from an approved audit', () => {
    const allowed = (user: PermissionSubject) =>
      AUDIT_STATE.flatMap((from) =>
        ACTIONS.filter((a) => canAudit(from, a, user)).map((a) => `${from}:${a}`),
      ).sort();
    // A signed record is withdrawn by the office, not by a technician.
    expect(allowed(technician)).toEqual(['IN_PROGRESS:cancel', 'IN_PROGRESS:finish']);
    expect(allowed(office)).toEqual([
      'COMPLETE:approve',
      'COMPLETE:cancel',
      'IN_PROGRESS:cancel',
      'IN_PROGRESS:finish',
    ]);
    expect(allowed(admin)).toContain('COMPLETE:approve');
    expect(allowed(customer)).toEqual([]);
    expect(AUDIT_TRANSITIONS.some((t) => t.from === 'APPROVED')).toBe(false);
  });

  it('finishes to COMPLETE, approves to APPROVED, cancels by deleting', () => {
    expect(auditTransition('IN_PROGRESS', 'finish', technician)?.to).toBe('COMPLETE');
    expect(auditTransition('COMPLETE', 'approve', office)?.to).toBe('APPROVED');
    expect(auditTransition('COMPLETE', 'cancel', office)?.to).toBeNull();
    expect(auditTransition('IN_PROGRESS', 'approve', office)).toBeNull();
    expect(auditTransition('COMPLETE', 'finish', technician)).toBeNull();
  });

  it('approval is office work: office staff or administrators, never a customer user', () => {
    expect(canApproveAudits(office)).toBe(true);
    expect(canApproveAudits(admin)).toBe(true);
    expect(canApproveAudits(technician)).toBe(false);
    expect(canApproveAudits(customer)).toBe(false);
    expect(canApproveAudits(null)).toBe(false);
  });

  it('takes changes below an audit only while it runs; a finished one is a record', () => {
    const open = (s: AuditState) => isAuditOpen(s);
    expect(AUDIT_STATE.filter(open)).toEqual(['IN_PROGRESS']);
    expect(AUDIT_STATE.filter((s) => isAuditRecorded(s)).sort()).toEqual(['APPROVED', 'COMPLETE']);
  });

  it('is the one place the approval rule is written (screens and server call it)', () => {
    const root = path.resolve(__dirname, '../../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) files.push(full);
      }
    };
    walk(path.join(root, 'src'));
    walk(path.join(root, 'server/src'));
    const copies = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return /'ui-admininstrator'\)\s*\|\|\s*hasPermission\([^)]*'has-admin-permission'/.test(text);
    });
    expect(copies.map((f) => path.relative(root, f))).toEqual(['src/domain/rules/permissions.ts']);
    const callers = files.filter((f) => readFileSync(f, 'utf8').includes('canApproveAudits('));
    expect(callers.map((f) => path.relative(root, f)).sort()).toEqual(
      expect.arrayContaining([
        'src/app/screens/dashboard-screen.tsx',
        'src/domain/rules/audit-states.ts',
        'src/features/dguv/report/report-actions.tsx',
      ]),
    );
    const office = files.filter((f) => readFileSync(f, 'utf8').includes('isOfficeStaff('));
    expect(office.map((f) => path.relative(root, f)).sort()).toEqual(
      expect.arrayContaining([
        'src/domain/rules/audit-states.ts',
        'src/domain/rules/day-plan.ts',
        'src/domain/rules/devices.ts',
      ]),
    );
  });
});
