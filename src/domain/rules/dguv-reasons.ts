import type { AuditOccasion } from '../schemas/enums';
import type { MessageKey } from '../messages';
import { DGUV_OK, FIRST_USE_ITEMS, type FirstUseItem } from '../dguv-values';
import { classifyAnswer } from './dguv';
import { isPastServiceLifeOrStorage, isProductionDateUnknown, type AgedPipe } from './service-life';

/**
 * The reasons a hose check must give (docs/dguv-record.md "Reasons"), one rule for the check
 * form and the server:
 * - "OK" for a hose past its service life or storage time stands only with the documented
 *   extension (DGUV Regel 113-020 §4.5.1: risk assessment, test or experience data) written
 *   down — `extensionReason`;
 * - a defect (any finding but 9 alone) presets "replace hose" = yes; "no" then needs the reason
 *   the hose is kept — `keepReason`;
 * - an audit before first use answers every point of the first-use checklist;
 * - a hose without a production date: the comment says how its age was judged (the rule of
 *   `checkNeedsComment` in rules/service-life).
 */

/**
 * True when the hose is past its service life or its storage time on `at` (the audit's date):
 * the one question "OK needs a documented extension" asks. Every limit on a hose's age answers
 * here, so a new one (the storage time before installation) is added in this function alone.
 */
export function pastLifeOrStorage(pipe: AgedPipe, at: string | Date): boolean {
  return isPastServiceLifeOrStorage(pipe, at);
}

/** What a check's reasons depend on, for this hose in this audit (form and server alike). */
export function checkContext(
  pipe: AgedPipe | null | undefined,
  audit: { startDate: string; occasion: AuditOccasion | null | undefined },
): CheckContext {
  return {
    pastLifeOrStorage: pipe ? pastLifeOrStorage(pipe, audit.startDate) : false,
    occasion: audit.occasion ?? 'RECURRING',
    // A hose no longer visible has no age to judge: nothing to ask about it.
    productionDateUnknown: pipe ? isProductionDateUnknown(pipe) : false,
  };
}

/** A defect: the check's findings call for the hose to be replaced. */
export const hasDefect = (answer: readonly string[]): boolean =>
  answer.length > 0 && classifyAnswer(answer) === 'error';

/**
 * "Replace hose" as a change of findings presets it: yes when the findings become a defect,
 * unchanged otherwise (the inspector's own choice stays until the findings say otherwise).
 */
export function presetReplaceHose<T>(
  previous: readonly string[],
  next: readonly string[],
  current: T,
  yes: T,
): T {
  return hasDefect(next) && !hasDefect(previous) ? yes : current;
}

export interface CheckReasonsInput {
  answer: readonly string[];
  replaceHose: boolean | null | undefined;
  extensionReason: string | null | undefined;
  keepReason: string | null | undefined;
  comment: string | null | undefined;
  firstUseChecklist: Partial<Record<string, unknown>> | null | undefined;
}

export interface CheckContext {
  /** The hose is past its service life or storage time on the audit's date. */
  pastLifeOrStorage: boolean;
  occasion: AuditOccasion;
  /** The hose has no production date recorded (rules/service-life). */
  productionDateUnknown: boolean;
}

export interface ReasonIssue {
  field: 'extensionReason' | 'keepReason' | 'firstUseChecklist' | 'comment';
  message: MessageKey;
}

const blank = (text: string | null | undefined) => !text || text.trim() === '';

/** Which reasons this check needs (the form shows exactly these fields). */
export function reasonsNeeded(
  check: Pick<CheckReasonsInput, 'answer' | 'replaceHose'>,
  context: CheckContext,
) {
  return {
    extension:
      context.pastLifeOrStorage && check.answer.length === 1 && check.answer[0] === DGUV_OK,
    keep: hasDefect(check.answer) && check.replaceHose === false,
    firstUse: context.occasion === 'FIRST_USE',
    comment: context.productionDateUnknown,
  };
}

/** What is missing from a check, per field; empty when the check may be stored. */
export function checkReasonIssues(check: CheckReasonsInput, context: CheckContext): ReasonIssue[] {
  const needed = reasonsNeeded(check, context);
  const issues: ReasonIssue[] = [];
  if (needed.extension && blank(check.extensionReason)) {
    issues.push({ field: 'extensionReason', message: 'dguv:extensionRequired' });
  }
  if (needed.keep && blank(check.keepReason)) {
    issues.push({ field: 'keepReason', message: 'dguv:keepRequired' });
  }
  if (needed.firstUse && !isChecklistAnswered(check.firstUseChecklist)) {
    issues.push({ field: 'firstUseChecklist', message: 'dguv:firstUseAnswerEach' });
  }
  if (needed.comment && blank(check.comment)) {
    issues.push({ field: 'comment', message: 'dguv:commentRequired' });
  }
  return issues;
}

/** Every point of the first-use checklist answered yes or no. */
export function isChecklistAnswered(
  list: Partial<Record<string, unknown>> | null | undefined,
): list is Record<FirstUseItem, boolean> {
  return Boolean(list) && FIRST_USE_ITEMS.every((item) => typeof list?.[item] === 'boolean');
}
