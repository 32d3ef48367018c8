import { DGUV_OK, DGUV_WARNING_FINDING, type DguvResult } from '../schemas/dguv-answer';
import type { DguvStats } from '../schemas/dguv-audit';
import { intervalFor, isOverdue, nextDueDate, type MachineIntervals } from './intervals';

/**
 * DGUV answer classification and statistics (SPEC §4, DESIGN §5). Answers arrive as the
 * stored array of findings or, from older calls and reports, as one text; both are read alike.
 */
export type AnswerInput = readonly string[] | string;

const asList = (answer: AnswerInput): string[] =>
  (typeof answer === 'string' ? [answer] : [...answer]).map((a) => a.trim());

/**
 * 'OK' is success; finding 9 ('Lagerzeiten und Verwendungsdauer überschritten') alone is a
 * warning; anything else is an error. Contradictory or empty answers count as errors: a hose
 * whose result cannot be read must not pass as fine.
 */
export function classifyAnswer(answer: AnswerInput): DguvResult {
  const list = asList(answer);
  if (list.length === 0) return 'error';
  if (list.every((a) => a === DGUV_OK)) return 'success';
  if (list.every((a) => a === DGUV_WARNING_FINDING)) return 'warning';
  return 'error';
}

const RANK: Record<DguvResult, number> = { success: 0, warning: 1, error: 2 };

/** The worse of two results (for summaries over several hoses). */
export const worseResult = (a: DguvResult, b: DguvResult): DguvResult =>
  RANK[b] > RANK[a] ? b : a;

/**
 * SPEC §4: the audit's change interval is observed only when no answer contains the exceeded
 * warning (finding 9), alone or beside other findings.
 */
export function changeIntervalObserved(answers: Iterable<AnswerInput>): boolean {
  for (const answer of answers) {
    if (asList(answer).includes(DGUV_WARNING_FINDING)) return false;
  }
  return true;
}

export interface CheckRecord {
  pipeId: string;
  answer: AnswerInput;
  /**
   * When the check was made, compared as text: pass one format for all checks — the audit's
   * startDate (SPEC §9 orders by it) or UTC ISO instants.
   */
  checkedAt: string;
}

/**
 * The latest check per hose. Checks are append-only (DESIGN §4), so a hose may have several;
 * the latest `checkedAt` wins and, on a tie (two technicians in one audit), the worse result —
 * a defect reported by one must not be hidden by the other's OK.
 */
export function latestCheckByPipe<T extends CheckRecord>(checks: Iterable<T>): Map<string, T> {
  const latest = new Map<string, T>();
  for (const check of checks) {
    const current = latest.get(check.pipeId);
    if (
      !current ||
      check.checkedAt > current.checkedAt ||
      (check.checkedAt === current.checkedAt &&
        RANK[classifyAnswer(check.answer)] > RANK[classifyAnswer(current.answer)])
    ) {
      latest.set(check.pipeId, check);
    }
  }
  return latest;
}

export interface StatsPipe {
  id: string;
  isCritical: boolean;
  machineId: string;
  deletedAt?: string | null;
}

/** One machine's intervals for all hoses, or a lookup per hose (customer or location scope). */
export type IntervalSource = MachineIntervals | ((pipe: StatsPipe) => MachineIntervals);

/**
 * DGUV stats (DESIGN §5) over the hoses in scope: `totelPipes` all not-deleted hoses,
 * `checkedPipes` those whose latest check is still within their interval, and success,
 * warning and error by the latest check's classification (however old it is: an old defect
 * stays a defect until a new check says otherwise).
 */
export function computeDguvStats(
  pipes: Iterable<StatsPipe>,
  latestCheckByPipeId: ReadonlyMap<string, Pick<CheckRecord, 'answer' | 'checkedAt'>>,
  now: string | Date,
  intervals: IntervalSource,
): DguvStats {
  const stats: DguvStats = {
    checkedPipes: 0,
    totelPipes: 0,
    errorPipes: 0,
    warningPipes: 0,
    successPipes: 0,
  };
  for (const pipe of pipes) {
    if (pipe.deletedAt) continue;
    stats.totelPipes += 1;
    const check = latestCheckByPipeId.get(pipe.id);
    if (!check) continue;
    const machine = typeof intervals === 'function' ? intervals(pipe) : intervals;
    if (!isOverdue(nextDueDate(check.checkedAt, intervalFor(pipe, machine)), now)) {
      stats.checkedPipes += 1;
    }
    const result = classifyAnswer(check.answer);
    if (result === 'success') stats.successPipes += 1;
    else if (result === 'warning') stats.warningPipes += 1;
    else stats.errorPipes += 1;
  }
  return stats;
}
