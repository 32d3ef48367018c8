/**
 * DGUV stats of the shop API (SPEC §3, §7; DESIGN §5) for a machine, a customer or a location:
 * the live hoses in scope, each hose's latest check (audit startDate, then the check's
 * performedAt — SPEC §9), and the machines' intervals, counted by rules/dguv.
 */
import {
  classifyAnswer,
  computeDguvStats,
  worseResult,
  type StatsPipe,
} from '../../../../src/domain/rules/dguv';
import type { MachineIntervals } from '../../../../src/domain/rules/intervals';
import type { DguvStats } from '../../../../src/domain/schemas/dguv-audit';
import type { ChangeInterval } from '../../../../src/domain/schemas/enums';
import { fromDb, type FieldDef } from '../../cms/fields';
import type { CmsKysely } from '../../cms/rows';
import type { AuthUser } from '../../plugins/auth';
import { findForUser } from './shop.repository';
import { notFound } from './shop.schemas';

export const STATS_SCOPES = ['machine', 'customer', 'location'] as const;
export type StatsScope = (typeof STATS_SCOPES)[number];

const SCOPE_ENTITY = { machine: 'machine', customer: 'company', location: 'location' } as const;
const SCOPE_COLUMN = { machine: 'p.machineId', customer: 'p.companyId', location: 'm.locationId' };
/** Machine schema defaults; only used if a hose's machine row were missing from the join. */
const DEFAULT_INTERVALS: MachineIntervals = {
  dguvInterval: 'YEAR',
  dguvIntervalCritical: 'HALFYEAR',
};

const field = (name: string, kind: FieldDef['kind']): FieldDef => ({
  name,
  kind,
  nullable: false,
  filterable: kind !== 'json',
});
const IS_CRITICAL = field('isCritical', 'boolean');
const ANSWER = field('answer', 'json');

interface ScopedPipe extends StatsPipe {
  intervals: MachineIntervals;
}

interface LatestCheck {
  answer: string[];
  /** The audit's startDate ('YYYY-MM-DD HH:MM:SS'): the day the hose was checked. */
  checkedAt: string;
  performedAt: string;
}

/** Live hoses of live machines in the scope, with their machine's intervals. */
export async function pipesInScope(
  db: CmsKysely,
  scope: StatsScope,
  id: string,
): Promise<ScopedPipe[]> {
  const rows = await db
    .selectFrom('pipe as p')
    .innerJoin('machine as m', 'm.id', 'p.machineId')
    .select(['p.id', 'p.isCritical', 'p.machineId', 'm.dguvInterval', 'm.dguvIntervalCritical'])
    .where(SCOPE_COLUMN[scope], '=', id)
    .where('p.deletedAt', 'is', null)
    .where('m.deletedAt', 'is', null)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    machineId: String(r.machineId),
    isCritical: fromDb(IS_CRITICAL, r.isCritical) === true,
    intervals: {
      dguvInterval: r.dguvInterval as ChangeInterval,
      dguvIntervalCritical: r.dguvIntervalCritical as ChangeInterval,
    },
  }));
}

/** The latest live check per hose in the scope (audit startDate, then performedAt). */
export async function latestChecksInScope(
  db: CmsKysely,
  scope: StatsScope,
  id: string,
): Promise<Map<string, LatestCheck>> {
  const rows = await db
    .selectFrom('dguvAnswer as a')
    .innerJoin('dguvAudit as au', 'au.id', 'a.auditId')
    .innerJoin('pipe as p', 'p.id', 'a.pipeId')
    .innerJoin('machine as m', 'm.id', 'p.machineId')
    .select(['a.pipeId', 'a.answer', 'a.performedAt', 'au.startDate'])
    .where(SCOPE_COLUMN[scope], '=', id)
    .where('a.deletedAt', 'is', null)
    .where('au.deletedAt', 'is', null)
    .where('p.deletedAt', 'is', null)
    .where('m.deletedAt', 'is', null)
    .orderBy('au.startDate')
    .orderBy('a.performedAt')
    .execute();
  const latest = new Map<string, LatestCheck>();
  // Ascending order: a later row is a later check and replaces the earlier one; on an exact
  // tie (two technicians, same instant) the worse result stays, as rules/dguv decides.
  for (const r of rows) {
    const answer = fromDb(ANSWER, r.answer);
    const check: LatestCheck = {
      answer: Array.isArray(answer) ? answer.map(String) : [],
      checkedAt: String(r.startDate),
      performedAt: String(r.performedAt),
    };
    const current = latest.get(String(r.pipeId));
    const tie = current?.checkedAt === check.checkedAt && current.performedAt === check.performedAt;
    const currentResult = current ? classifyAnswer(current.answer) : null;
    if (
      tie &&
      currentResult &&
      worseResult(classifyAnswer(check.answer), currentResult) === currentResult
    ) {
      continue;
    }
    latest.set(String(r.pipeId), check);
  }
  return latest;
}

/** Stats for one scope; a scope the user may not see is unknown (404). */
export async function dguvStats(
  db: CmsKysely,
  user: AuthUser,
  scope: StatsScope,
  id: string,
  now: Date = new Date(),
): Promise<DguvStats> {
  if (!(await findForUser(db, user, SCOPE_ENTITY[scope], id))) throw notFound(scope);
  const pipes = await pipesInScope(db, scope, id);
  const checks = await latestChecksInScope(db, scope, id);
  const intervals = new Map(pipes.map((p) => [p.id, p.intervals]));
  return computeDguvStats(pipes, checks, now, (p) => intervals.get(p.id) ?? DEFAULT_INTERVALS);
}
