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
import { isRetired, RETIRED_EDITABLE_FIELDS, swapIssue } from '@domain/rules/hose-life';
import { isIdentified, PART_IDENTITY } from '@domain/rules/part-identity';
import type { EntityName } from '@domain/entities';
import type { PartEntityName } from '@domain/schemas/parts';
import { runCompiled } from '../db/compiled-once';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { assertProductFits } from './product-rules';
import type { EntityDef } from './registry';
import { findVisible, rowFromDb, type StoreKysely } from './rows';
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
  pipeRetired: 'errors:pipeRetired',
  pipeRetiredFixed: 'errors:pipeRetiredFixed',
  successorMachine: 'errors:successorMachine',
} as const;

/** Inspection and maintenance reports: DRAFT → COMPLETE (signed), then immutable. */
type MachineReport = EntityRow<'inspection' | 'maintenance'>;

function reportTransition(current: MachineReport, next: MachineReport): void {
  if (current.state === 'COMPLETE') throw new HttpError(409, 'report_complete', MSG.reportComplete);
  if (next.state === 'COMPLETE' && !next.signatureId)
    throw new HttpError(400, 'signature_required', 'validation:required', 'signatureId');
}

/**
 * A power-unit part with none of its identifying facts cannot be told
 * apart from others of its kind. The part form refuses it too, with the same rule.
 */
function assertPartIdentified(kind: PartEntityName, row: EntityRow<PartEntityName>): void {
  if (isIdentified(kind, row)) return;
  throw new HttpError(400, 'part_unidentified', MSG.partUnidentified, PART_IDENTITY[kind][0]);
}

/** The answer when a new row's parent is unknown (docs/api.md names the DGUV one). */
export function parentMissing(def: EntityDef, field: string): HttpError {
  return def.name === 'dguvAnswer'
    ? new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty, field)
    : new HttpError(404, 'not_found', 'no data', field);
}

/** Where a write happens: its transaction, its user and the entity `E` it writes. */
export interface WriteContext<E extends EntityName = EntityName> {
  db: StoreKysely;
  user: AuthUser;
  def: EntityDef<E>;
}

/**
 * A hose's code is unique among the live hoses. A retired hose keeps its code for its position:
 * only a hose swapped in for a hose of that code (`position`: its predecessor's code is the
 * same) may take it again. `exceptId`: the hose itself, on an edit.
 */
async function assertCodeFree(
  db: StoreKysely,
  code: string,
  exceptId: string | null,
  position = false,
) {
  const taken = await runCompiled(
    db,
    `codeTaken:${exceptId ? 'other' : 'any'}`,
    (codeArg, exceptArg) => {
      const q = db
        .selectFrom('pipe')
        .select(['id', 'retiredAt'])
        .where((eb) => eb(eb.fn('lower', [eb.ref('code')]), '=', codeArg!))
        .where('deletedAt', 'is', null);
      return exceptArg ? q.where('id', '<>', exceptArg) : q;
    },
    exceptId ? [code.trim().toLowerCase(), exceptId] : [code.trim().toLowerCase()],
  );
  if (taken.some((row) => !position || !row.retiredAt))
    throw new HttpError(409, 'code_exists', MSG.codeExists, 'code');
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

/** A rule on one entity's rows; `E` is the entity, so the rule reads its row's typed fields. */
type CreateRule<E extends EntityName> = (
  ctx: WriteContext<E>,
  row: EntityRow<E>,
) => Promise<void> | void;
type UpdateRule<E extends EntityName> = (
  ctx: WriteContext<E>,
  current: EntityRow<E>,
  next: EntityRow<E>,
) => Promise<void> | void;
type DeleteRule<E extends EntityName> = (
  ctx: WriteContext<E>,
  current: EntityRow<E>,
) => Promise<void> | void;

/** Every part kind refuses a row that names none of its identifying facts, on create and update. */
const partCreate: CreateRule<PartEntityName> = ({ def }, row) =>
  assertPartIdentified(def.name, row);
const partUpdate: UpdateRule<PartEntityName> = ({ def }, _current, next) =>
  assertPartIdentified(def.name, next);
const PART_RULES = <R>(rule: R) => ({
  tank: rule,
  valve: rule,
  filter: rule,
  memory: rule,
  consumer: rule,
  controller: rule,
  safetyValve: rule,
  motorPumpUnit: rule,
});

/** A machine report starts as DRAFT. */
const reportCreate: CreateRule<'inspection' | 'maintenance'> = (_ctx, row) => {
  if (row.state !== 'DRAFT')
    throw new HttpError(400, 'invalid_state', 'a report starts as DRAFT', 'state');
};
const reportUpdate: UpdateRule<'inspection' | 'maintenance'> = (_ctx, current, next) =>
  reportTransition(current, next);
const reportDelete: DeleteRule<'inspection' | 'maintenance'> = (_ctx, current) => {
  if (current.state === 'COMPLETE') throw new HttpError(409, 'report_complete', MSG.reportComplete);
};

/** Checks and completes a new row before it is stored, by its entity. */
const CREATE_RULES: { [E in EntityName]?: CreateRule<E> } = {
  ...PART_RULES(partCreate),
  inspection: reportCreate,
  maintenance: reportCreate,
  product: ({ db }, row) => assertProductFits(db, row, null),
  pipe: async ({ db, user }, pipe) => {
    const predecessor = await assertPredecessor(db, user, pipe);
    // Codes per position: the new hose may take the code of the hose it replaced.
    const samePosition = predecessor?.code.trim().toLowerCase() === pipe.code.trim().toLowerCase();
    await assertCodeFree(db, pipe.code, null, samePosition);
  },
  dguvAudit: async ({ db, user }, row) => {
    if (row.state !== 'IN_PROGRESS') {
      throw new HttpError(400, 'invalid_state', 'an audit starts IN_PROGRESS', 'state');
    }
    row.auditorUserId = user.id;
    assertOccasion(row);
    if (await runningAuditOf(db, user.id))
      throw new HttpError(409, 'audit_running', MSG.auditRunning);
  },
  dguvAnswer: async ({ db, user }, answer) => {
    const audit = await findVisible(db, user, REGISTRY.dguvAudit, answer.auditId);
    if (!audit) throw new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty, 'auditId');
    if (!isAuditOpen(audit.state)) throw auditLocked();
    const pipe = await findVisible(db, user, REGISTRY.pipe, answer.pipeId);
    if (!pipe || pipe.machineId !== audit.machineId) {
      throw new HttpError(400, 'invalid_reference', 'hose is not on the audited machine', 'pipeId');
    }
    assertCheckReasons(audit, pipe, answer);
  },
  manufacturer: ({ db }, row) => assertManufacturerNameFree(db, row.name, null),
  dayPlan: ({ db }, row) => assertPlanReferences(db, row),
};

/** Checks a change of `current` into `next` (both whole rows) before it is stored, by entity. */
const UPDATE_RULES: { [E in EntityName]?: UpdateRule<E> } = {
  ...PART_RULES(partUpdate),
  inspection: reportUpdate,
  maintenance: reportUpdate,
  product: ({ db }, current, next) => assertProductFits(db, next, current.id),
  pipe: async ({ db, user }, was, now) => {
    await assertRetirement(db, user, was, now);
    if (now.code !== was.code) await assertCodeFree(db, now.code, was.id);
  },
  orderItem: ({ db, user }, was, now) => assertLineInstalled(db, user, was, now),
  dayPlan: ({ db }, _was, now) => assertPlanReferences(db, now),
  dguvAudit: ({ db, user }, current, next) => auditTransition(db, user, current, next),
  manufacturer: async ({ db }, was, now) => {
    if (now.name.trim().toLowerCase() !== was.name.trim().toLowerCase())
      await assertManufacturerNameFree(db, now.name, was.id);
  },
  dguvAnswer: async ({ db, user }, was, next) => {
    const audit = await findVisible(db, user, REGISTRY.dguvAudit, was.auditId);
    if (!audit) throw new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty);
    if (!isAuditOpen(audit.state)) throw auditLocked();
    // A check belongs to its audit and its hose for good: a correction changes its findings.
    if (next.auditId !== was.auditId || next.pipeId !== was.pipeId) {
      const field = next.auditId !== was.auditId ? 'auditId' : 'pipeId';
      throw new HttpError(409, 'answer_fixed', MSG.answerFixed, field);
    }
    assertCheckReasons(audit, await findVisible(db, user, REGISTRY.pipe, was.pipeId), next);
  },
  signature: ({ db }, current) => assertNoRecordedAudit(db, 'signatureId', [current.id]),
};

/** Checks a soft delete of `current` (the row the client named), by its entity. */
const DELETE_RULES: { [E in EntityName]?: DeleteRule<E> } = {
  inspection: reportDelete,
  maintenance: reportDelete,
  manufacturer: ({ db, def }, current) => assertManufacturerUnused(db, def, current.id),
  dguvAudit: ({ user }, current) => {
    if (!allowedAuditStep(current.state, 'cancel', user)) throw auditLocked();
  },
  dguvAnswer: async ({ db, user }, answer) => {
    const audit = await findVisible(db, user, REGISTRY.dguvAudit, answer.auditId);
    if (audit && !isAuditOpen(audit.state)) throw auditLocked();
  },
  signature: ({ db }, current) => assertNoRecordedAudit(db, 'signatureId', [current.id]),
};

/** Checks and completes `row` (whole, validated) before a create of entity `E`. */
export async function beforeCreate<E extends EntityName>(
  ctx: WriteContext<E>,
  row: EntityRow<E>,
): Promise<void> {
  await CREATE_RULES[ctx.def.name]?.(ctx, row);
}

/** Checks a change of `current` into `next` (both whole rows of entity `E`) before it is stored. */
export async function beforeUpdate<E extends EntityName>(
  ctx: WriteContext<E>,
  current: EntityRow<E>,
  next: EntityRow<E>,
): Promise<void> {
  await UPDATE_RULES[ctx.def.name]?.(ctx, current, next);
}

/** Checks the soft delete of `current`, a row of entity `E`, before it is tombstoned. */
export async function beforeDelete<E extends EntityName>(
  ctx: WriteContext<E>,
  current: EntityRow<E>,
): Promise<void> {
  await DELETE_RULES[ctx.def.name]?.(ctx, current);
}

/**
 * The one change of an order line outside the shop API: the hose its swap installed
 * (docs/hose-lifecycle.md), set once, a hose the user sees that replaced the line's hose.
 */
async function assertLineInstalled(
  db: StoreKysely,
  user: AuthUser,
  was: EntityRow<'orderItem'>,
  now: EntityRow<'orderItem'>,
): Promise<void> {
  const changed = Object.keys(now).find(
    (k) =>
      !NOT_RECORD_FIELDS.has(k) &&
      k !== 'installedPipeId' &&
      JSON.stringify(now[k as keyof typeof now]) !== JSON.stringify(was[k as keyof typeof was]),
  );
  if (changed) throw new HttpError(403, 'forbidden', 'not allowed', changed);
  if (now.installedPipeId === was.installedPipeId) return;
  if (was.installedPipeId)
    throw new HttpError(409, 'pipe_retired', MSG.pipeRetired, 'installedPipeId');
  const installed = now.installedPipeId
    ? await findVisible(db, user, REGISTRY.pipe, now.installedPipeId)
    : null;
  if (!installed || !was.replacesPipeId || installed.predecessorId !== was.replacesPipeId)
    throw new HttpError(400, 'invalid_reference', 'validation:format', 'installedPipeId');
}

const auditLocked = () => new HttpError(409, AUDIT_LOCKED.code, AUDIT_LOCKED.message);

/**
 * A hose swapped in (rules/hose-life, docs/hose-lifecycle.md): its predecessor is a hose the
 * user sees, on the same machine, and not replaced by another one already. The swap retires
 * the old hose first (its call is sent first), so the predecessor is usually retired by now.
 */
async function assertPredecessor(
  db: StoreKysely,
  user: AuthUser,
  pipe: EntityRow<'pipe'>,
): Promise<EntityRow<'pipe'> | null> {
  if (!pipe.predecessorId) return null;
  const predecessor = await findVisible(db, user, REGISTRY.pipe, pipe.predecessorId);
  if (!predecessor) throw new HttpError(404, 'not_found', 'no data', 'predecessorId');
  if (predecessor.successorId && predecessor.successorId !== pipe.id)
    throw new HttpError(409, 'pipe_retired', MSG.pipeRetired, 'predecessorId');
  if (predecessor.machineId !== pipe.machineId)
    throw new HttpError(400, 'successor_machine', MSG.successorMachine, 'machineId');
  return predecessor;
}

/**
 * A retired hose is retired once and keeps its history: only its comment changes. Retiring
 * one names a successor on the same machine (when that hose is already stored).
 */
async function assertRetirement(
  db: StoreKysely,
  user: AuthUser,
  was: EntityRow<'pipe'>,
  now: EntityRow<'pipe'>,
): Promise<void> {
  if (isRetired(was)) {
    if (now.retiredAt !== was.retiredAt || now.successorId !== was.successorId)
      throw new HttpError(409, 'pipe_retired', MSG.pipeRetired, 'retiredAt');
    const editable = new Set<string>([...RETIRED_EDITABLE_FIELDS, ...NOT_RECORD_FIELDS]);
    const changed = Object.keys(now).find(
      (k) =>
        !editable.has(k) &&
        JSON.stringify(now[k as keyof typeof now]) !== JSON.stringify(was[k as keyof typeof was]),
    );
    if (changed) throw new HttpError(409, 'pipe_retired_fixed', MSG.pipeRetiredFixed, changed);
    return;
  }
  if (!isRetired(now)) return;
  if (now.machineId !== was.machineId)
    throw new HttpError(409, 'pipe_retired_fixed', MSG.pipeRetiredFixed, 'machineId');
  if (!now.successorId) return;
  const successor = await findVisible(db, user, REGISTRY.pipe, now.successorId);
  if (successor && swapIssue(was, successor))
    throw new HttpError(400, 'successor_machine', MSG.successorMachine, 'successorId');
}

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
function changesRecord(current: EntityRow<'dguvAudit'>, next: EntityRow<'dguvAudit'>): boolean {
  return (Object.keys(next) as (keyof typeof next)[]).some(
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
