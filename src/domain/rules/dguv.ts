import { DGUV_OK, DGUV_WARNING_FINDING, type DguvResult } from '../dguv-values';

/**
 * DGUV answer classification (docs/api.md, docs/architecture.md); a hose's status and the stats build on it in
 * rules/dguv-status. Answers arrive as the stored array of findings or, from older calls and
 * reports, as one text; both are read alike.
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
 * docs/api.md: the audit's change interval is observed only when no answer contains the exceeded
 * warning (finding 9), alone or beside other findings.
 */
export function changeIntervalObserved(answers: Iterable<AnswerInput>): boolean {
  for (const answer of answers) {
    if (asList(answer).includes(DGUV_WARNING_FINDING)) return false;
  }
  return true;
}
