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
} from '@domain/schemas/dguv-answer';
import type { AnswerRow } from '../data/audit-queries';
import { FIRST_USE_ITEMS, type FirstUseItem } from '@domain/dguv-values';
import {
  checkReasonIssues,
  presetReplaceHose,
  reasonsNeeded,
  type CheckContext,
} from '@domain/rules/dguv-reasons';

export type YesNo = '' | 'yes' | 'no';

export interface CheckFormValues extends Record<string, unknown> {
  answer: string[];
  protectionRecommended: YesNo;
  replaceHose: YesNo;
  replaceHoseComment: string;
  comment: string;
  /** The documented extension behind "OK" past the service life or storage time. */
  extensionReason: string;
  /** Why a hose with a defect is kept ("replace hose" = no). */
  keepReason: string;
  /** The first-use checklist (an audit before first use), each point yes or no. */
  firstUse: Record<FirstUseItem, YesNo>;
}

export const checkSchema = dguvAnswerCreateSchema.pick({
  answer: true,
  protectionRecommended: true,
  replaceHose: true,
  replaceHoseComment: true,
  comment: true,
  extensionReason: true,
  keepReason: true,
  firstUseChecklist: true,
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
      extensionReason: existing.extensionReason ?? '',
      keepReason: existing.keepReason ?? '',
      firstUse: Object.fromEntries(
        FIRST_USE_ITEMS.map((item) => [item, toYesNo(existing.firstUseChecklist?.[item])]),
      ) as Record<FirstUseItem, YesNo>,
    };
  }
  return {
    answer: [...preselected],
    protectionRecommended: '',
    // A defect found before (finding 9 alone is none) presets "replace hose" = yes.
    replaceHose: presetReplaceHose([], preselected, '', 'yes'),
    replaceHoseComment: '',
    comment: '',
    extensionReason: '',
    keepReason: '',
    firstUse: { documents: '', assembly: '', marking: '', installation: '' },
  };
}

/**
 * The check as stored: a reason only where the rule asks for it (rules/dguv-reasons), so a
 * changed answer leaves no stale reason behind; the checklist only in an audit before first use.
 */
export function toCheckInput(values: CheckFormValues, context: CheckContext) {
  const check = {
    answer: values.answer,
    protectionRecommended: fromYesNo(values.protectionRecommended),
    replaceHose: fromYesNo(values.replaceHose),
  };
  const needed = reasonsNeeded(check, context);
  return {
    ...check,
    replaceHoseComment: values.replaceHoseComment.trim() || null,
    comment: values.comment.trim() || null,
    extensionReason: needed.extension ? values.extensionReason.trim() || null : null,
    keepReason: needed.keep ? values.keepReason.trim() || null : null,
    firstUseChecklist: needed.firstUse
      ? (Object.fromEntries(
          FIRST_USE_ITEMS.map((item) => [item, fromYesNo(values.firstUse[item])]),
        ) as Record<FirstUseItem, boolean>)
      : null,
  };
}

/** The reasons and checklist points still missing, as form errors by field. */
export function checkFieldRules(values: CheckFormValues, context: CheckContext) {
  return Object.fromEntries(
    checkReasonIssues(toCheckInput(values, context), context).map((i) => [i.field, i.message]),
  );
}

/** Choosing 'OK' clears the findings; choosing a finding clears 'OK' (never both, docs/api.md). */
export function nextAnswer(previous: readonly string[], chosen: string[]): DguvAnswerValue[] {
  const added = chosen.filter((v) => !previous.includes(v));
  if (added.includes(DGUV_OK)) return [DGUV_OK];
  return chosen.filter((v) => v !== DGUV_OK) as DguvAnswerValue[];
}
