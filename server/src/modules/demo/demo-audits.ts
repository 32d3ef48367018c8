/**
 * Two finished DGUV audits on the demo customer's first machines: one APPROVED two months ago
 * and one COMPLETE (signed, awaiting approval) last week. Each hose of the machine has a check:
 * OK, finding 9 for hoses past their service life (the warning), DGUV findings 1–8 on some
 * (errors); each audit has its signature row.
 */
import { formatAuditDate } from '@domain/rules/dates';
import { changeIntervalObserved, classifyAnswer } from '@domain/rules/dguv';
import { preselectedFindings } from '@domain/rules/service-life';
import { DGUV_FINDINGS, DGUV_OK, type DguvAnswerValue } from '@domain/schemas/dguv-answer';
import type { AuditState } from '@domain/schemas/enums';
import { DEMO_USERS } from '../users/demo-users';
import type { DemoMachine } from './demo-machines';
import type { DemoIds, DemoRandom } from './demo-random';
import type { DemoRow, DemoRows } from './demo-rows';

const AUDITOR = DEMO_USERS.find((u) => u.username === 'techniker') ?? DEMO_USERS[0];
const AUDITOR_NAME = `${AUDITOR.firstName} ${AUDITOR.lastName}`;
const APPROVER = DEMO_USERS.find((u) => u.username === 'buero') ?? DEMO_USERS[0];
const APPROVER_NAME = `${APPROVER.firstName} ${APPROVER.lastName}`;
const ERRORS = DGUV_FINDINGS.slice(0, 8);
const DAY_MS = 86_400_000;

export interface DemoAuditPlan {
  machine: DemoMachine;
  state: Extract<AuditState, 'APPROVED' | 'COMPLETE'>;
  daysAgo: number;
}

export function addAudit(
  rows: DemoRows,
  ids: DemoIds,
  rnd: DemoRandom,
  plan: DemoAuditPlan,
  pipes: ReadonlyArray<DemoRow<'pipe'>>,
  now: Date,
): DemoRow<'dguvAudit'> {
  const { machine } = plan;
  const start = new Date(Math.floor(now.getTime() / DAY_MS - plan.daysAgo) * DAY_MS + 8 * 3600_000);
  const companyId = machine.companyId;
  const checked = pipes.filter((p) => p.machineId === machine.id);
  const auditId = ids.next('audit');
  const answers: DguvAnswerValue[][] = checked.map((pipe, i) => {
    const findings: DguvAnswerValue[] = [...preselectedFindings(pipe, start)];
    if (i % 4 === 2) findings.unshift(rnd.pick(ERRORS));
    if (i % 9 === 5) findings.unshift(rnd.pick(ERRORS.filter((f) => !findings.includes(f))));
    return findings.length > 0 ? findings : [DGUV_OK];
  });
  const end = new Date(start.getTime() + (checked.length + 5) * 6 * 60_000);
  const signature = rows.add('signature', {
    id: ids.next('signature'),
    companyId,
    auditor: AUDITOR_NAME,
    name: 'audit-signature.png',
    mimeType: 'image/png',
    referenceDate: end.toISOString(),
    content: ids.next('file'), // its PNG: demo-signature.ts
  });
  const audit = rows.add('dguvAudit', {
    id: auditId,
    companyId,
    machineId: machine.id,
    startDate: formatAuditDate(start),
    changeIntervalObserved: changeIntervalObserved(answers),
    auditor: AUDITOR_NAME,
    auditorUserId: AUDITOR.id,
    state: plan.state,
    signatureId: signature.id,
    performedAt: start.toISOString(),
    // An approved record names who approved it and when: the office, the day after.
    ...(plan.state === 'APPROVED'
      ? { approvedBy: APPROVER_NAME, approvedAt: new Date(end.getTime() + DAY_MS).toISOString() }
      : {}),
  });
  checked.forEach((pipe, i) => {
    const answer = answers[i] ?? [DGUV_OK];
    const result = classifyAnswer(answer);
    rows.add('dguvAnswer', {
      id: ids.next('answer'),
      companyId,
      auditId,
      pipeId: pipe.id,
      answer,
      protectionRecommended: result === 'error' && !pipe.withProtection && rnd.chance(0.5),
      replaceHose: result !== 'success',
      replaceHoseComment: result === 'success' ? null : 'Austausch bei nächster Wartung',
      comment: result === 'error' ? 'Befund fotografiert und mit Betreiber besprochen' : null,
      photoIds: [],
      performedAt: new Date(start.getTime() + (i + 1) * 6 * 60_000).toISOString(),
    });
  });
  return audit;
}
