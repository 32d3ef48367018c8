/**
 * The hose-check form's values and their mapping to a check (docs/api.md: result,
 * protectionRecommended and replaceHose each need an answer). Pure, so it is unit-tested.
 */
import type { z } from 'zod';
import {
  DGUV_OK,
  dguvAnswerCreateSchema,
  type DguvAnswerValue,
  type DguvFinding,
} from '../../../domain/schemas/dguv-answer';
import type { AnswerRow } from '../data/audit-queries';

export type YesNo = '' | 'yes' | 'no';

export interface CheckFormValues extends Record<string, unknown> {
  answer: string[];
  protectionRecommended: YesNo;
  replaceHose: YesNo;
  replaceHoseComment: string;
  comment: string;
}

export const checkSchema = dguvAnswerCreateSchema.pick({
  answer: true,
  protectionRecommended: true,
  replaceHose: true,
  replaceHoseComment: true,
  comment: true,
});
export type CheckInput = z.infer<typeof checkSchema>;

const toYesNo = (value: boolean | undefined): YesNo =>
  value === undefined ? '' : value ? 'yes' : 'no';
const fromYesNo = (value: YesNo) => (value === '' ? undefined : value === 'yes');

/** A new check starts empty (finding 9 preselected past the service life); a correction from the check. */
export function initialCheckValues(
  existing: AnswerRow | undefined,
  preselected: readonly DguvFinding[],
): CheckFormValues {
  if (existing) {
    return {
      answer: [...existing.answer],
      protectionRecommended: toYesNo(existing.protectionRecommended),
      replaceHose: toYesNo(existing.replaceHose),
      replaceHoseComment: existing.replaceHoseComment ?? '',
      comment: existing.comment ?? '',
    };
  }
  return {
    answer: [...preselected],
    protectionRecommended: '',
    replaceHose: '',
    replaceHoseComment: '',
    comment: '',
  };
}

export function toCheckInput(values: CheckFormValues) {
  return {
    answer: values.answer,
    protectionRecommended: fromYesNo(values.protectionRecommended),
    replaceHose: fromYesNo(values.replaceHose),
    replaceHoseComment: values.replaceHoseComment.trim() || null,
    comment: values.comment.trim() || null,
  };
}

/** Choosing 'OK' clears the findings; choosing a finding clears 'OK' (never both, docs/api.md). */
export function nextAnswer(previous: readonly string[], chosen: string[]): DguvAnswerValue[] {
  const added = chosen.filter((v) => !previous.includes(v));
  if (added.includes(DGUV_OK)) return [DGUV_OK];
  return chosen.filter((v) => v !== DGUV_OK) as DguvAnswerValue[];
}
