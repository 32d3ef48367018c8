/**
 * Everything the DGUV report prints about one audit: its hoses with their latest check in
 * this audit (the order of rules/dguv-status: performedAt, then id), the counts, and the photos
 * of defective hoses.
 */
import { classifyAnswer, worseResult } from '@domain/rules/dguv';
import { newestCheckFirst } from '@domain/rules/dguv-status';
import type { DguvResult } from '@domain/schemas/dguv-answer';
import type { AuditSnapshot } from '@domain/schemas/dguv-audit';
import type { EntityRow } from '../db/entity-tables';
import { str, type ReportRows } from './report-rows';

type Answer = EntityRow<'dguvAnswer'>;

/** A hose the report lists: as the record's snapshot keeps it, or the live row (running audit). */
export type ReportHose = AuditSnapshot['hoses'][number] | EntityRow<'pipe'>;

export interface CheckedHose {
  pipe: ReportHose;
  answer: Answer;
  values: string[];
  result: DguvResult;
}

export interface DguvReportData {
  checked: CheckedHose[];
  /** Codes of the machine's hoses without a check in this audit. */
  unchecked: string[];
  total: number;
  counts: Record<DguvResult, number>;
  /** Worst result over the checked hoses; null when none was checked. */
  overall: DguvResult | null;
  /** Photos per answer id (non-OK hoses only). */
  photos: Map<string, (Buffer | null)[]>;
}

const answerValues = (answer: Answer): string[] =>
  Array.isArray(answer.answer) ? answer.answer.map(str) : [str(answer.answer)];

// One audit: its start date is the same for every check.
const rank = (a: Answer) => ({
  checkedAt: '',
  performedAt: str(a.performedAt),
  id: str(a.id),
});
const later = (a: Answer, b: Answer) => newestCheckFirst(rank(a), rank(b)) < 0;

export function latestAnswers(answers: readonly Answer[]): Map<string, Answer> {
  const latest = new Map<string, Answer>();
  for (const a of answers) {
    const pipeId = str(a.pipeId);
    const current = latest.get(pipeId);
    if (!current || later(a, current)) latest.set(pipeId, a);
  }
  return latest;
}

const byPosition = (a: ReportHose, b: ReportHose) =>
  Number(a.position ?? 0) - Number(b.position ?? 0) || str(a.code).localeCompare(str(b.code));

/** The worst result over the latest check of each hose (null: nothing checked). */
export function overallResult(answers: readonly Answer[]): DguvResult | null {
  let overall: DguvResult | null = null;
  for (const answer of latestAnswers(answers).values()) {
    const result = classifyAnswer(answerValues(answer));
    overall = overall ? worseResult(overall, result) : result;
  }
  return overall;
}

/** The machine's hoses now, and those checked in the audit that were deleted since. */
async function liveHoses(
  rows: ReportRows,
  audit: EntityRow<'dguvAudit'>,
  latest: Map<string, Answer>,
): Promise<EntityRow<'pipe'>[]> {
  const pipes = await rows.where('pipe', 'machineId', str(audit.machineId));
  const known = new Set(pipes.map((p) => str(p.id)));
  const gone = await Promise.all(
    [...latest.keys()].filter((id) => !known.has(id)).map((id) => rows.byIdAnyState('pipe', id)),
  );
  return [...pipes, ...gone.filter((p): p is EntityRow<'pipe'> => Boolean(p))].sort(byPosition);
}

/**
 * `hoses`: the record's snapshot of the machine's hoses (a finished audit); without it, the
 * hoses as they are now (a running audit).
 */
export async function loadDguvReportData(
  rows: ReportRows,
  audit: EntityRow<'dguvAudit'>,
  hoses?: readonly ReportHose[],
): Promise<DguvReportData> {
  const answers = await rows.where('dguvAnswer', 'auditId', str(audit.id));
  const latest = latestAnswers(answers);
  const all = hoses ?? (await liveHoses(rows, audit, latest));

  const counts: Record<DguvResult, number> = { success: 0, warning: 0, error: 0 };
  const checked: CheckedHose[] = [];
  const unchecked: string[] = [];
  let overall: DguvResult | null = null;
  for (const pipe of all) {
    const answer = latest.get(str(pipe.id));
    if (!answer) {
      unchecked.push(str(pipe.code));
      continue;
    }
    const values = answerValues(answer);
    const result = classifyAnswer(values);
    counts[result] += 1;
    overall = overall ? worseResult(overall, result) : result;
    checked.push({ pipe, answer, values, result });
  }

  const photos = new Map<string, (Buffer | null)[]>();
  await Promise.all(
    checked
      .filter((c) => c.result !== 'success')
      .map(async (c) => {
        const ids = Array.isArray(c.answer.photoIds) ? c.answer.photoIds : [];
        photos.set(c.answer.id, await Promise.all(ids.map((id) => rows.image(id))));
      }),
  );
  return { checked, unchecked, total: all.length, counts, overall, photos };
}
