/**
 * The DGUV feature's writes (docs/api.md, docs/architecture.md "Writes"), each through the
 * mutator so it works offline and syncs once: start (one running audit per user — starting
 * while one runs fails unless the user chose to discard it), a hose check (a new row, or the
 * correction of this audit's check of that hose), a hose added during the audit, discard,
 * finish with the signature, and the office's approve and cancel of a report. Each takes the
 * mutator last, the app's by default.
 */
import { changeIntervalObserved } from '@domain/rules/dguv';
import {
  normalizeOccasion,
  occasionIssues,
  type OccasionInput,
} from '@domain/rules/dguv-occasion';
import { formatAuditDate } from '@domain/rules/dates';
import type { DguvAnswerValue } from '@domain/schemas/dguv-answer';
import type { Locale } from '@domain/schemas/enums';
import type { SchlauchDb } from '@db/database';
import type { AnswerRow, AuditRow } from './audit-queries';
import type { EntityRow } from '@db/entity-tables';
import { captureSignature, mutate, MutationError, type CreateInput, type Mutator } from '@sync';

export const AUDIT_RUNNING = 'dguv:errors.auditRunning';
export const NO_AUDIT = 'dguv:errors.noAudit';

export interface StartInput {
  machine: Pick<EntityRow<'machine'>, 'id'>;
  userId: string;
  auditor: string;
  locale: Locale;
  /** The user's running audit, if any. */
  running: AuditRow | null;
  /** The user chose to discard the running audit (it is deleted irrecoverably). */
  discardRunning?: boolean;
  /** Why the audit is made (rules/dguv-occasion); recurring when not given. */
  occasion?: OccasionInput;
  now?: Date;
}

export async function startAudit(input: StartInput, m: Mutator = mutate): Promise<AuditRow> {
  if (input.running) {
    if (!input.discardRunning) throw new MutationError('validation', AUDIT_RUNNING);
    await m.remove('dguvAudit', input.running.id);
  }
  const occasion = input.occasion ?? {
    occasion: 'RECURRING',
    occasionEvent: null,
    occasionNote: null,
  };
  const [issue] = occasionIssues(occasion);
  if (issue) throw new MutationError('validation', issue.message);
  const now = input.now ?? new Date();
  return m.create('dguvAudit', {
    ...normalizeOccasion(occasion),
    machineId: input.machine.id,
    startDate: formatAuditDate(now),
    auditor: input.auditor,
    auditorUserId: input.userId,
    state: 'IN_PROGRESS',
    performedAt: now.toISOString(),
    locale: input.locale,
  });
}

export interface CheckValues {
  answer: DguvAnswerValue[];
  protectionRecommended: boolean;
  replaceHose: boolean;
  replaceHoseComment: string | null;
  comment: string | null;
  photoIds: string[];
}

export interface CheckInput {
  audit: AuditRow | null | undefined;
  pipeId: string;
  /** This audit's check of the hose: saving corrects it. */
  existing: AnswerRow | undefined;
  /** The id of a new check (its photos are stored under it before it is created). */
  answerId: string;
  values: CheckValues;
  now?: Date;
}

/** Saves a hose check; 'DGUV Data is empty' without a running audit (docs/api.md). */
export async function saveCheck(input: CheckInput, m: Mutator = mutate): Promise<AnswerRow> {
  const { audit, values } = input;
  if (!audit || audit.state !== 'IN_PROGRESS') {
    throw new MutationError('validation', 'dguv:errors.dataEmpty');
  }
  const performedAt = (input.now ?? new Date()).toISOString();
  if (input.existing) {
    return m.update('dguvAnswer', input.existing.id, { ...values, performedAt });
  }
  return m.create('dguvAnswer', {
    id: input.answerId,
    auditId: audit.id,
    pipeId: input.pipeId,
    ...values,
    performedAt,
  });
}

/** Discards (deletes) the running audit; docs/api.md 'Keine DGUV Prüfung gestartet' without one. */
export async function discardAudit(audit: AuditRow | null | undefined, m: Mutator = mutate) {
  if (!audit) throw new MutationError('validation', NO_AUDIT);
  await m.remove('dguvAudit', audit.id);
}

export interface FinishInput {
  audit: AuditRow | null | undefined;
  answers: Iterable<Pick<AnswerRow, 'answer'>>;
  png: Blob;
  auditor: string;
  /** The date of the signature (the finish date). */
  signedAt: Date;
  /** The database the signature's file goes to (default: the app's). */
  db?: SchlauchDb;
}

/**
 * COMPLETE with the signature: the signature row and its PNG are queued first and the audit's
 * finish waits for them (`after`), so the server gets the finish only once the file is there.
 */
export async function finishAudit(input: FinishInput, m: Mutator = mutate): Promise<AuditRow> {
  const { audit } = input;
  if (!audit || audit.state !== 'IN_PROGRESS') throw new MutationError('validation', NO_AUDIT);
  const signatureId = await captureSignature({
    png: input.png,
    auditor: input.auditor,
    companyId: audit.companyId,
    mutator: m,
    db: input.db,
    now: () => input.signedAt,
  });
  return m.update(
    'dguvAudit',
    audit.id,
    {
      state: 'COMPLETE',
      signatureId,
      auditor: input.auditor,
      changeIntervalObserved: changeIntervalObserved([...input.answers].map((a) => a.answer)),
    },
    { after: [signatureId] },
  );
}

/** A hose added to the audited machine during the audit (the audit then checks it). */
export function addAuditHose(
  machineId: string,
  input: Omit<CreateInput<'pipe'>, 'machineId'>,
  m: Mutator = mutate,
): Promise<EntityRow<'pipe'>> {
  return m.create('pipe', { ...input, machineId });
}

/**
 * The office approves a COMPLETE audit. The server writes its own name and time on this step;
 * `approvedBy` and the time are the device's copy until then.
 */
export function approveAudit(
  audit: AuditRow,
  approvedBy: string | null,
  m: Mutator = mutate,
): Promise<AuditRow> {
  return m.update(
    'dguvAudit',
    audit.id,
    { state: 'APPROVED', approvedBy, approvedAt: new Date().toISOString() },
    { baseVersion: audit.version },
  );
}

/** Cancels (deletes) an audit's report. */
export async function cancelAudit(audit: Pick<AuditRow, 'id'>, m: Mutator = mutate): Promise<void> {
  await m.remove('dguvAudit', audit.id);
}
