/**
 * Domain rules the generic CMS enforces per entity (DESIGN §5, SPEC §4/§5), on every write
 * path — the single endpoints and, later, the sync push that replays them.
 */
import { changeIntervalObserved } from '../../../src/domain/rules/dguv';
import { isIdentified, PART_IDENTITY } from '../../../src/domain/rules/part-identity';
import { PART_ENTITY_NAMES, type PartEntityName } from '../../../src/domain/schemas/parts';
import { hasPermission } from '../../../src/domain/rules/permissions';
import { runCompiled } from '../db/compiled-once';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { assertProductFits } from './product-rules';
import type { EntityDef } from './registry';
import { findVisible, rowFromDb, type CmsKysely, type Row } from './rows';
import { REGISTRY } from './registry';
import { assertManufacturerUnused } from '../modules/manufacturer/manufacturer-usage';

export const MSG = {
  auditRunning: 'Es läuft bereits eine DGUV Prüfung',
  noAudit: 'Keine DGUV Prüfung gestartet',
  dguvDataEmpty: 'DGUV Data is empty',
  codeExists: 'Le code sélectionné existe déjà',
  approvedImmutable: 'errors:approvedImmutable',
  reportComplete: 'Ein abgeschlossener Bericht kann nicht mehr geändert werden',
  partUnidentified: 'validation:partUnidentified',
} as const;

/** Inspection and maintenance reports: DRAFT → COMPLETE (signed), then immutable. */
const isMachineReport = (def: EntityDef) => def.name === 'inspection' || def.name === 'maintenance';

function reportTransition(current: Row, next: Row): void {
  if (current.state === 'COMPLETE') throw new HttpError(409, 'report_complete', MSG.reportComplete);
  if (next.state === 'COMPLETE' && !next.signatureId)
    throw new HttpError(400, 'signature_required', 'validation:required', 'signatureId');
}

const isPartKind = (name: string): name is PartEntityName =>
  (PART_ENTITY_NAMES as readonly string[]).includes(name);

/**
 * Issue #14 item 6: a power-unit part with none of its identifying facts cannot be told
 * apart from others of its kind. The part form refuses it too, with the same rule.
 */
function assertPartIdentified(def: EntityDef, row: Row): void {
  if (!isPartKind(def.name) || isIdentified(def.name, row)) return;
  throw new HttpError(400, 'part_unidentified', MSG.partUnidentified, PART_IDENTITY[def.name][0]);
}

/** The answer when a new row's parent is unknown (SPEC §5 names the DGUV one). */
export function parentMissing(def: EntityDef, field: string): HttpError {
  return def.name === 'dguvAnswer'
    ? new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty, field)
    : new HttpError(404, 'not_found', 'no data', field);
}

export interface WriteContext {
  db: CmsKysely;
  user: AuthUser;
  def: EntityDef;
}

async function assertCodeFree(db: CmsKysely, code: string, exceptId: string | null) {
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

/** SPEC §5 "manufacturer save failed (duplicate?)": names are unique, case and blanks aside. */
async function assertManufacturerNameFree(db: CmsKysely, name: string, exceptId: string | null) {
  let q = db
    .selectFrom('manufacturer')
    .select('id')
    .where((eb) => eb(eb.fn('lower', [eb.ref('name')]), '=', name.trim().toLowerCase()))
    .where('deletedAt', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new HttpError(409, 'duplicate', 'duplicate entry', 'name');
}

async function runningAuditOf(db: CmsKysely, userId: string, exceptId?: string) {
  let q = db
    .selectFrom('dguvAudit')
    .select('id')
    .where('auditorUserId', '=', userId)
    .where('state', '=', 'IN_PROGRESS')
    .where('deletedAt', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

async function answersOf(db: CmsKysely, auditId: string): Promise<Row[]> {
  const rows = await db
    .selectFrom('dguvAnswer')
    .selectAll()
    .where('auditId', '=', auditId)
    .where('deletedAt', 'is', null)
    .execute();
  return rows.map((r) => rowFromDb(REGISTRY.dguvAnswer, r));
}

/** Checks and completes `data` before a create. */
export async function beforeCreate({ db, user, def }: WriteContext, data: Row): Promise<void> {
  if (isMachineReport(def) && data.state !== 'DRAFT')
    throw new HttpError(400, 'invalid_state', 'a report starts as DRAFT', 'state');
  assertPartIdentified(def, data);
  switch (def.name) {
    case 'product':
      return assertProductFits(db, data, null);
    case 'pipe':
      await assertCodeFree(db, String(data.code), null);
      return;
    case 'dguvAudit':
      if (data.state !== 'IN_PROGRESS') {
        throw new HttpError(400, 'invalid_state', 'an audit starts IN_PROGRESS', 'state');
      }
      data.auditorUserId = user.id;
      if (await runningAuditOf(db, user.id))
        throw new HttpError(409, 'audit_running', MSG.auditRunning);
      return;
    case 'dguvAnswer': {
      const audit = await findVisible(db, user, REGISTRY.dguvAudit, String(data.auditId));
      if (!audit) throw new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty, 'auditId');
      if (audit.state !== 'IN_PROGRESS') {
        throw new HttpError(409, 'audit_not_running', MSG.noAudit, 'auditId');
      }
      const pipe = await findVisible(db, user, REGISTRY.pipe, String(data.pipeId));
      if (!pipe || pipe.machineId !== audit.machineId) {
        throw new HttpError(
          400,
          'invalid_reference',
          'hose is not on the audited machine',
          'pipeId',
        );
      }
      return;
    }
    case 'manufacturer':
      return assertManufacturerNameFree(db, String(data.name), null);
  }
}

/** Checks a change of `current` into `next` (both whole rows) before it is stored. */
export async function beforeUpdate(
  { db, user, def }: WriteContext,
  current: Row,
  next: Row,
): Promise<void> {
  if (isMachineReport(def)) return reportTransition(current, next);
  assertPartIdentified(def, next);
  switch (def.name) {
    case 'product':
      return assertProductFits(db, next, String(current.id));
    case 'pipe':
      if (next.code !== current.code)
        await assertCodeFree(db, String(next.code), String(current.id));
      return;
    case 'dguvAudit':
      return auditTransition(db, user, current, next);
    case 'manufacturer':
      if (String(next.name).trim().toLowerCase() !== String(current.name).trim().toLowerCase())
        await assertManufacturerNameFree(db, String(next.name), String(current.id));
      return;
    case 'dguvAnswer': {
      const audit = await findVisible(db, user, REGISTRY.dguvAudit, String(current.auditId));
      if (!audit) throw new HttpError(404, 'dguv_data_empty', MSG.dguvDataEmpty);
      if (audit.state === 'APPROVED')
        throw new HttpError(409, 'approved_immutable', MSG.approvedImmutable);
      return;
    }
    case 'signature':
      return assertNotApproved(db, 'signatureId', [String(current.id)]);
  }
}

/** 409 when a live APPROVED audit has one of `ids` in `field` (its id, or its signature). */
async function assertNotApproved(db: CmsKysely, field: 'id' | 'signatureId', ids: string[]) {
  if (ids.length === 0) return;
  const approved = await db
    .selectFrom('dguvAudit')
    .select('id')
    .where(field, 'in', ids)
    .where('state', '=', 'APPROVED')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (approved) throw new HttpError(409, 'approved_immutable', MSG.approvedImmutable);
}

/**
 * SPEC §4: after approval no change is possible — also not by a delete that cascades from
 * above (customer → machine → audit → answers; customer → signature). Runs for every level
 * of a soft delete before its rows are tombstoned, inside the delete's transaction.
 */
export async function beforeCascade(db: CmsKysely, def: EntityDef, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  switch (def.name) {
    case 'dguvAudit':
      return assertNotApproved(db, 'id', ids);
    case 'signature':
      return assertNotApproved(db, 'signatureId', ids);
    case 'dguvAnswer': {
      const audits = await db
        .selectFrom('dguvAnswer')
        .select('auditId')
        .distinct()
        .where('id', 'in', ids)
        .execute();
      return assertNotApproved(
        db,
        'id',
        audits.map((a) => String(a.auditId)),
      );
    }
  }
}

async function auditTransition(db: CmsKysely, user: AuthUser, current: Row, next: Row) {
  if (current.state === 'APPROVED')
    throw new HttpError(409, 'approved_immutable', MSG.approvedImmutable);
  next.auditorUserId = current.auditorUserId;
  // The approval record is the server's to write, on the approving step only.
  next.approvedBy = current.approvedBy ?? null;
  next.approvedAt = current.approvedAt ?? null;
  if (next.state === current.state) return;
  if (current.state === 'IN_PROGRESS' && next.state === 'COMPLETE') {
    if (!next.signatureId)
      throw new HttpError(400, 'signature_required', 'validation:required', 'signatureId');
    const answers = await answersOf(db, String(current.id));
    next.changeIntervalObserved = changeIntervalObserved(answers.map((a) => a.answer as string[]));
    return;
  }
  if (current.state === 'COMPLETE' && next.state === 'APPROVED') {
    // Approval is office work (DESIGN §6: buero approves): the customer list permission or admin.
    if (!hasPermission(user, 'ui-admininstrator') && !hasPermission(user, 'has-admin-permission')) {
      throw new HttpError(403, 'forbidden', 'approval needs office permission');
    }
    next.approvedBy = user.name || user.username;
    next.approvedAt = new Date().toISOString();
    return;
  }
  if (current.state === 'IN_PROGRESS' && next.state === 'IN_PROGRESS') return;
  throw new HttpError(
    409,
    'invalid_transition',
    `audit cannot go from ${String(current.state)} to ${String(next.state)}`,
    'state',
  );
}

export async function beforeDelete({ db, user, def }: WriteContext, current: Row): Promise<void> {
  await assertManufacturerUnused(db, def, String(current.id));
  if (isMachineReport(def) && current.state === 'COMPLETE')
    throw new HttpError(409, 'report_complete', MSG.reportComplete);
  if (def.name === 'dguvAudit' && current.state === 'APPROVED') {
    throw new HttpError(409, 'approved_immutable', MSG.approvedImmutable);
  }
  if (def.name === 'dguvAnswer') {
    const audit = await findVisible(db, user, REGISTRY.dguvAudit, String(current.auditId));
    if (audit?.state === 'APPROVED')
      throw new HttpError(409, 'approved_immutable', MSG.approvedImmutable);
  }
}
