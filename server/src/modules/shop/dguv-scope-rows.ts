/**
 * The rows the DGUV statuses of a machine, a customer or a location are computed from (no
 * access check: callers check the scope): the live hoses in scope with their machines'
 * intervals, and the live checks of those hoses with their audits' start dates. The shop API's
 * stats and the inspection record's next due dates (docs/dguv-record.md) both read them.
 */
import {
  pipeStatuses as computePipeStatuses,
  type DguvRows,
  type PipeStatus,
  type StatusAnswer,
  type StatusAudit,
  type StatusMachine,
  type StatusPipe,
} from '@domain/rules/dguv-status';
import type { ChangeInterval } from '@domain/schemas/enums';
import { fromDb, type FieldDef } from '@server/cms/fields';
import type { StoreKysely } from '@server/cms/rows';

export const STATS_SCOPES = ['machine', 'customer', 'location'] as const;
export type StatsScope = (typeof STATS_SCOPES)[number];

export const SCOPE_ENTITY = {
  machine: 'machine',
  customer: 'company',
  location: 'location',
} as const;
const SCOPE_COLUMN = { machine: 'p.machineId', customer: 'p.companyId', location: 'm.locationId' };

const field = (name: string, kind: FieldDef['kind']): FieldDef => ({
  name,
  kind,
  nullable: false,
  filterable: kind !== 'json',
});
const IS_CRITICAL = field('isCritical', 'boolean');
const REPLACE_HOSE = field('replaceHose', 'boolean');
const ANSWER = field('answer', 'json');
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Live hoses of live machines in the scope (retired ones marked), and the machines' intervals. */
async function pipesInScope(
  db: StoreKysely,
  scope: StatsScope,
  id: string,
): Promise<{ pipes: StatusPipe[]; machines: StatusMachine[] }> {
  const rows = await db
    .selectFrom('pipe as p')
    .innerJoin('machine as m', 'm.id', 'p.machineId')
    .select([
      'p.id',
      'p.isCritical',
      'p.productionDate',
      'p.installationDate',
      'p.retiredAt',
      'p.machineId',
      'm.dguvInterval',
      'm.dguvIntervalCritical',
    ])
    .where(SCOPE_COLUMN[scope], '=', id)
    .where('p.deletedAt', 'is', null)
    .where('m.deletedAt', 'is', null)
    .execute();
  const machines = new Map<string, StatusMachine>();
  const pipes = rows.map((r) => {
    const machineId = String(r.machineId);
    machines.set(machineId, {
      id: machineId,
      dguvInterval: r.dguvInterval as ChangeInterval,
      dguvIntervalCritical: r.dguvIntervalCritical as ChangeInterval,
    });
    return {
      id: String(r.id),
      machineId,
      isCritical: fromDb(IS_CRITICAL, r.isCritical) === true,
      productionDate: text(r.productionDate),
      installationDate: text(r.installationDate),
      // A retired hose is never due nor counted (docs/hose-lifecycle.md).
      retiredAt: text(r.retiredAt),
    };
  });
  return { pipes, machines: [...machines.values()] };
}

/** The live checks of the scope's live hoses, and the live audits they belong to. */
async function checksInScope(
  db: StoreKysely,
  scope: StatsScope,
  id: string,
): Promise<{ answers: StatusAnswer[]; audits: StatusAudit[] }> {
  const rows = await db
    .selectFrom('dguvAnswer as a')
    .innerJoin('dguvAudit as au', 'au.id', 'a.auditId')
    .innerJoin('pipe as p', 'p.id', 'a.pipeId')
    .innerJoin('machine as m', 'm.id', 'p.machineId')
    .select(['a.id', 'a.auditId', 'a.pipeId', 'a.answer', 'a.performedAt', 'a.replaceHose'])
    .select('au.startDate')
    .where(SCOPE_COLUMN[scope], '=', id)
    .where('a.deletedAt', 'is', null)
    .where('au.deletedAt', 'is', null)
    .where('p.deletedAt', 'is', null)
    .where('m.deletedAt', 'is', null)
    .execute();
  const audits = new Map<string, StatusAudit>();
  const answers = rows.map((r) => {
    const auditId = String(r.auditId);
    audits.set(auditId, { id: auditId, startDate: String(r.startDate) });
    const answer = fromDb(ANSWER, r.answer);
    return {
      id: String(r.id),
      auditId,
      pipeId: String(r.pipeId),
      answer: Array.isArray(answer) ? answer.map(String) : [],
      performedAt: String(r.performedAt),
      replaceHose: fromDb(REPLACE_HOSE, r.replaceHose) === true,
    };
  });
  return { answers, audits: [...audits.values()] };
}

/** Everything rules/dguv-status needs for one scope (no access check: callers check it). */
export async function rowsInScope(
  db: StoreKysely,
  scope: StatsScope,
  id: string,
): Promise<DguvRows> {
  return { ...(await pipesInScope(db, scope, id)), ...(await checksInScope(db, scope, id)) };
}

/** Each live hose's DGUV status in one scope (no access check: callers check the scope). */
export async function pipeStatusesInScope(
  db: StoreKysely,
  scope: StatsScope,
  id: string,
  now: Date = new Date(),
): Promise<Map<string, PipeStatus>> {
  return computePipeStatuses(await rowsInScope(db, scope, id), now);
}
