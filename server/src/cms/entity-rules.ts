/**
 * Domain rules the generic CMS enforces per entity (docs/architecture.md, docs/api.md), on every write
 * path — the single endpoints and, later, the sync push that replays them.
 */
import {
  AUDIT_LOCKED,
  AUDIT_TRANSITIONS,
  auditTransition as allowedAuditStep,
  isAuditOpen,
} from '@domain/rules/audit-states';
import { changeIntervalObserved } from '@domain/rules/dguv';
import { occasionIssues } from '@domain/rules/dguv-occasion';
import { checkContext, checkReasonIssues } from '@domain/rules/dguv-reasons';
import { isIdentified, PART_IDENTITY } from '@domain/rules/part-identity';
import { PART_ENTITY_NAMES, type PartEntityName } from '@domain/schemas/parts';
import { runCompiled } from '../db/compiled-once';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { assertProductFits } from './product-rules';
import type { EntityDef } from './registry';
import { findVisible, rowFromDb, type StoreKysely, type FieldValues } from './rows';
import type { EntityRow } from '../db/entity-tables';
import { REGISTRY } from './registry';
import { assertManufacturerUnused } from '../modules/manufacturer/manufacturer-usage';
import { takeAuditSnapshot } from '../modules/dguv/audit-snapshot';
import { auditFileIds } from '../modules/dguv/audit-files';
import { missingFiles } from '../modules/files/files.repository';

export const MSG = {
  auditRunning: 'Es läuft bereits eine DGUV Prüfung',
  dguvDataEmpty: 'DGUV Data is empty',
  codeExists: 'Le code sélectionné existe déjà',
  answerFixed: 'errors:answerFixed',
  auditFilesPending: 'errors:auditFilesPending',
  reportComplete: 'Ein abgeschlossener Bericht kann nicht mehr geändert werden',
  partUnidentified: 'validation:partUnidentified',
} as const;

/** Inspection and maintenance reports: DRAFT → COMPLETE (signed), then immutable. */
const isMachineReport = (def: EntityDef) => def.name === 'inspection' || def.name === 'maintenance';

function reportTransition(current: FieldValues, next: FieldValues): void {
  if (current.state === 'COMPLETE') throw new HttpError(409, 'report_complete', MSG.reportComplete);
  if (next.state === 'COMPLETE' && !next.signatureId)
    throw new HttpError(400, 'signature_required', 'validation:required', 'signatureId');
}

const isPartKind = (name: string): name is PartEntityName =>
  (PART_ENTITY_NAMES as readonly string[]).includes(name);

/**
 * A power-unit part with none of its identifying facts cannot be told
 * apart from others of its kind. The part form refuses it too, with the same rule.
 */
function assertPartIdentified(def: EntityDef, row: FieldValues): void {
  if (!isPartKind(def.name) || isIdentified(def.name, row)) return;
  throw new HttpError(400, 'part_unidentified', MSG.partUnidentified, PART_IDENTITY[def.name][0]);
}

/** The answer when a new row's parent is unknown (docs/api.md names the DGUV one). */
export function parentMissing(def: EntityDef, field: string): HttpError {
  return def.name === 'dguvAnswer'
    ? new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty, field)
    : new HttpError(404, 'not_found', 'no data', field);
}

export interface WriteContext {
  db: StoreKysely;
  user: AuthUser;
  def: EntityDef;
}

async function assertCodeFree(db: StoreKysely, code: string, exceptId: string | null) {
  const taken = await runCompiled(
    db,
    `codeTaken:${exceptId ? 'other' : 'any'}`,
    (codeArg, exceptArg) => {
      const q = db
        .selectFrom('pipe')
        .select('id')
        .where((eb) => eb(eb.fn('lower', [eb.ref('code')]), '=', codeArg!))
        .where('deletedAt', 'is', null);
      return exceptArg ? q.where('id', '<>', exceptArg) : q;
    },
    exceptId ? [code.trim().toLowerCase(), exceptId] : [code.trim().toLowerCase()],
  );
  if (taken.length > 0) throw new HttpError(409, 'code_exists', MSG.codeExists, 'code');
}

/** docs/api.md "manufacturer save failed (duplicate?)": names are unique, case and blanks aside. */
async function assertManufacturerNameFree(db: StoreKysely, name: string, exceptId: string | null) {
  let q = db
    .selectFrom('manufacturer')
    .select('id')
    .where((eb) => eb(eb.fn('lower', [eb.ref('name')]), '=', name.trim().toLowerCase()))
    .where('deletedAt', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new HttpError(409, 'duplicate', 'duplicate entry', 'name');
}

async function runningAuditOf(db: StoreKysely, userId: string, exceptId?: string) {
  let q = db
    .selectFrom('dguvAudit')
    .select('id')
    .where('auditorUserId', '=', userId)
    .where('state', '=', 'IN_PROGRESS')
    .where('deletedAt', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

async function answersOf(db: StoreKysely, auditId: string): Promise<EntityRow<'dguvAnswer'>[]> {
  const rows = await db
    .selectFrom('dguvAnswer')
    .selectAll()
    .where('auditId', '=', auditId)
    .where('deletedAt', 'is', null)
    .execute();
  return rows.map((r) => rowFromDb(REGISTRY.dguvAnswer, r));
}

/**
 * A day plan's machines and locations are live rows of the plan's customer: a plan names
 * them in JSON lists, which the generic reference check does not reach.
 */
async function assertPlanReferences(db: StoreKysely, plan: EntityRow<'dayPlan'>): Promise<void> {
  for (const [field, table] of [
    ['machineIds', 'machine'],
    ['locationIds', 'location'],
  ] as const) {
    const ids = [...new Set(plan[field])];
    if (ids.length === 0) continue;
    const found = await db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids)
      .where('companyId', '=', plan.companyId)
      .where('deletedAt', 'is', null)
      .execute();
    if (found.length !== ids.length)
      throw new HttpError(400, 'invalid_reference', 'validation:format', field);
  }
}

/** Checks and completes `data` before a create. */
export async function beforeCreate(
  { db, user, def }: WriteContext,
  data: FieldValues,
): Promise<void> {
  if (isMachineReport(def) && data.state !== 'DRAFT')
    throw new HttpError(400, 'invalid_state', 'a report starts as DRAFT', 'state');
  assertPartIdentified(def, data);
  switch (def.name) {
    case 'product':
      return assertProductFits(db, data as EntityRow<'product'>, null);
    case 'pipe':
      await assertCodeFree(db, (data as EntityRow<'pipe'>).code, null);
      return;
    case 'dguvAudit':
      if (data.state !== 'IN_PROGRESS') {
        throw new HttpError(400, 'invalid_state', 'an audit starts IN_PROGRESS', 'state');
      }
      data.auditorUserId = user.id;
      assertOccasion(data as EntityRow<'dguvAudit'>);
      if (await runningAuditOf(db, user.id))
        throw new HttpError(409, 'audit_running', MSG.auditRunning);
      return;
    case 'dguvAnswer': {
      const answer = data as EntityRow<'dguvAnswer'>;
      const audit = await findVisible(db, user, REGISTRY.dguvAudit, answer.auditId);
      if (!audit) throw new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty, 'auditId');
      if (!isAuditOpen(audit.state)) throw auditLocked();
      const pipe = await findVisible(db, user, REGISTRY.pipe, answer.pipeId);
      if (!pipe || pipe.machineId !== audit.machineId) {
        throw new HttpError(
          400,
          'invalid_reference',
          'hose is not on the audited machine',
          'pipeId',
        );
      }
      assertCheckReasons(audit, pipe, answer);
      return;
    }
    case 'manufacturer':
      return assertManufacturerNameFree(db, (data as EntityRow<'manufacturer'>).name, null);
    case 'dayPlan':
      return assertPlanReferences(db, data as EntityRow<'dayPlan'>);
  }
}

/** Checks a change of `current` into `next` (both whole rows) before it is stored. */
export async function beforeUpdate(
  { db, user, def }: WriteContext,
  current: FieldValues,
  next: FieldValues,
): Promise<void> {
  if (isMachineReport(def)) return reportTransition(current, next);
  assertPartIdentified(def, next);
  switch (def.name) {
    case 'product':
      return assertProductFits(db, next as EntityRow<'product'>, String(current.id));
    case 'pipe': {
      const [was, now] = [current as EntityRow<'pipe'>, next as EntityRow<'pipe'>];
      if (now.code !== was.code) await assertCodeFree(db, now.code, was.id);
      return;
    }
    case 'dayPlan':
      return assertPlanReferences(db, next as EntityRow<'dayPlan'>);
    case 'dguvAudit':
      return auditTransition(
        db,
        user,
        current as EntityRow<'dguvAudit'>,
        next as EntityRow<'dguvAudit'>,
      );
    case 'manufacturer': {
      const [was, now] = [current as EntityRow<'manufacturer'>, next as EntityRow<'manufacturer'>];
      if (now.name.trim().toLowerCase() !== was.name.trim().toLowerCase())
        await assertManufacturerNameFree(db, now.name, was.id);
      return;
    }
    case 'dguvAnswer': {
      const was = current as EntityRow<'dguvAnswer'>;
      const audit = await findVisible(db, user, REGISTRY.dguvAudit, was.auditId);
      if (!audit) throw new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty);
      if (!isAuditOpen(audit.state)) throw auditLocked();
      // A check belongs to its audit and its hose for good: a correction changes its findings.
      if (next.auditId !== current.auditId || next.pipeId !== current.pipeId) {
        const field = next.auditId !== current.auditId ? 'auditId' : 'pipeId';
        throw new HttpError(409, 'answer_fixed', MSG.answerFixed, field);
      }
      assertCheckReasons(
        audit,
        await findVisible(db, user, REGISTRY.pipe, was.pipeId),
        next as EntityRow<'dguvAnswer'>,
      );
      return;
    }
    case 'signature':
      return assertNoRecordedAudit(db, 'signatureId', [String(current.id)]);
  }
}

const auditLocked = () => new HttpError(409, AUDIT_LOCKED.code, AUDIT_LOCKED.message);

/**
 * The reasons a check must give (src/domain/rules/dguv-reasons, docs/dguv-record.md): the
 * hose's age is judged on the audit's date, from the hose as stored (a hose no longer visible
 * has no age to judge). A hose without a production date needs the comment on how its age was
 * judged (`comment_required`); a missing reason or checklist is `reason_required`.
 */
function assertCheckReasons(
  audit: EntityRow<'dguvAudit'>,
  pipe: EntityRow<'pipe'> | null | undefined,
  check: EntityRow<'dguvAnswer'>,
): void {
  const [issue] = checkReasonIssues(check, checkContext(pipe, audit));
  if (!issue) return;
  const code = issue.field === 'comment' ? 'comment_required' : 'reason_required';
  throw new HttpError(400, code, issue.message, issue.field);
}

/** An extraordinary audit names its event, "other" in words (rules/dguv-occasion). */
function assertOccasion(audit: EntityRow<'dguvAudit'>): void {
  const [issue] = occasionIssues({ ...audit, occasion: audit.occasion ?? 'RECURRING' });
  if (issue) throw new HttpError(400, 'occasion_incomplete', issue.message, issue.field);
}

/**
 * 409 when a live finished or approved audit has one of `ids` in `field` (its id, or its
 * signature): its record is what the competent person signed.
 */
async function assertNoRecordedAudit(db: StoreKysely, field: 'id' | 'signatureId', ids: string[]) {
  if (ids.length === 0) return;
  const recorded = await db
    .selectFrom('dguvAudit')
    .select('id')
    .where(field, 'in', ids)
    .where('state', '<>', 'IN_PROGRESS')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (recorded) throw auditLocked();
}

/**
 * A finished or approved audit outlives any delete that cascades from above (customer →
 * machine → audit → answers; customer → signature): only cancelling the audit itself
 * (`beforeDelete`, the state table's step) removes it. Runs for every level of a soft delete
 * but the one the client named, before its rows are tombstoned, inside the delete's
 * transaction. An audit being cancelled is tombstoned before its answers are reached, so
 * they follow it.
 */
export async function beforeCascade(db: StoreKysely, def: EntityDef, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  switch (def.name) {
    case 'dguvAudit':
      return assertNoRecordedAudit(db, 'id', ids);
    case 'signature':
      return assertNoRecordedAudit(db, 'signatureId', ids);
    case 'dguvAnswer': {
      const audits = await db
        .selectFrom('dguvAnswer')
        .select('auditId')
        .distinct()
        .where('id', 'in', ids)
        .execute();
      return assertNoRecordedAudit(
        db,
        'id',
        audits.map((a) => String(a.auditId)),
      );
    }
  }
}

/** Fields the server writes itself; what a client sends for them is its optimistic copy. */
const SERVER_AUDIT_FIELDS = [
  'auditorUserId',
  'approvedBy',
  'approvedAt',
  'changeIntervalObserved',
  'snapshot',
] as const;

/** Fields no client changes: the row's identity and bookkeeping, the state, the server's. */
const NOT_RECORD_FIELDS = new Set<string>([
  'id',
  'companyId',
  'version',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'state',
  ...SERVER_AUDIT_FIELDS,
]);

const pick = <T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;

/** True when `next` changes a field of `current` that the client may write. */
function changesRecord(current: FieldValues, next: FieldValues): boolean {
  return Object.keys(next).some(
    (k) => !NOT_RECORD_FIELDS.has(k) && JSON.stringify(next[k]) !== JSON.stringify(current[k]),
  );
}

/**
 * An audit's change, by the state table (src/domain/rules/audit-states.ts): a running audit
 * changes freely and is finished with a signature (the record's snapshot is taken then); a
 * finished one is only approved, with every file it names on the server; an approved one never
 * changes.
 */
async function auditTransition(
  db: StoreKysely,
  user: AuthUser,
  current: EntityRow<'dguvAudit'>,
  next: EntityRow<'dguvAudit'>,
) {
  const from = current.state;
  const to = next.state;
  Object.assign(next, pick(current, SERVER_AUDIT_FIELDS));
  if (isAuditOpen(from)) assertOccasion(next);
  if (from === to) {
    if (!isAuditOpen(from) && changesRecord(current, next)) throw auditLocked();
    return;
  }
  const action = from === 'IN_PROGRESS' && to === 'COMPLETE' ? 'finish' : 'approve';
  const step = allowedAuditStep(from, action, user);
  if (!step && AUDIT_TRANSITIONS.some((t) => t.from === from && t.action === action && t.to === to))
    throw new HttpError(403, 'forbidden', `${action} needs another permission`);
  if (!step || step.to !== to) {
    if (!isAuditOpen(from)) throw auditLocked();
    throw new HttpError(
      409,
      'invalid_transition',
      `audit cannot go from ${from} to ${to}`,
      'state',
    );
  }
  if (action === 'finish') {
    if (!next.signatureId)
      throw new HttpError(400, 'signature_required', 'validation:required', 'signatureId');
    const answers = await answersOf(db, current.id);
    next.changeIntervalObserved = changeIntervalObserved(answers.map((a) => a.answer));
    next.snapshot = await takeAuditSnapshot(db, next, answers);
    return;
  }
  if (changesRecord(current, next)) throw auditLocked();
  // What the record names must be here before it is final: its photos and its signature.
  if ((await missingFiles(db, await auditFileIds(db, current))).length > 0)
    throw new HttpError(409, 'audit_files_pending', MSG.auditFilesPending);
  next.approvedBy = user.name || user.username;
  next.approvedAt = new Date().toISOString();
}

export async function beforeDelete(
  { db, user, def }: WriteContext,
  current: FieldValues,
): Promise<void> {
  await assertManufacturerUnused(db, def, String(current.id));
  if (isMachineReport(def) && current.state === 'COMPLETE')
    throw new HttpError(409, 'report_complete', MSG.reportComplete);
  if (
    def.name === 'dguvAudit' &&
    !allowedAuditStep((current as EntityRow<'dguvAudit'>).state, 'cancel', user)
  ) {
    throw auditLocked();
  }
  if (def.name === 'dguvAnswer') {
    const answer = current as EntityRow<'dguvAnswer'>;
    const audit = await findVisible(db, user, REGISTRY.dguvAudit, answer.auditId);
    if (audit && !isAuditOpen(audit.state)) throw auditLocked();
  }
  if (def.name === 'signature')
    await assertNoRecordedAudit(db, 'signatureId', [String(current.id)]);
}
