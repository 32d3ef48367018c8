/**
 * The inspection checklist as a form: one line per power unit of the machine
 * and per part of each unit, in the order of the machine's units; a line's earlier result and
 * note come from the draft, new lines start "not checked". A DEFECT needs a note saying what
 * was found. Lines of parts removed since the draft was started are not carried over.
 */
import { z } from 'zod';
import type { LabelledGroup, TargetOption } from '../target-labels';
import { targetKey } from '../target-labels';
import { commentField } from '@domain/schemas/fields';
import type { CHECK_RESULT } from '@domain/schemas/reports';
import { inspectionItemSchema, type InspectionItem } from '@domain/schemas/reports';

export type CheckResult = (typeof CHECK_RESULT)[number];

export interface ChecklistLine extends Record<string, unknown> {
  targetType: InspectionItem['targetType'];
  targetId: string;
  result: CheckResult;
  /** '' when empty (form value). */
  note: string;
}

export interface ChecklistValues extends Record<string, unknown> {
  items: ChecklistLine[];
  comment: string;
}

/** A power unit's block of the checklist: its own line and its parts', by form index. */
export interface ChecklistSection {
  unit: TargetOption;
  lines: { index: number; target: TargetOption }[];
}

export function buildChecklist(
  groups: readonly LabelledGroup[],
  saved: readonly InspectionItem[],
  comment: string | null,
): { values: ChecklistValues; sections: ChecklistSection[] } {
  const byKey = new Map(saved.map((item) => [targetKey(item.targetType, item.targetId), item]));
  const items: ChecklistLine[] = [];
  const sections = groups.map((group): ChecklistSection => {
    const lines = [group.unit, ...group.parts].map((target) => {
      const before = byKey.get(target.key);
      items.push({
        targetType: target.type,
        targetId: target.id,
        result: before?.result ?? 'NOT_CHECKED',
        note: before?.note ?? '',
      });
      return { index: items.length - 1, target };
    });
    return { unit: group.unit, lines };
  });
  return { values: { items, comment: comment ?? '' }, sections };
}

const checkedItem = inspectionItemSchema.superRefine((item, ctx) => {
  if (item.result === 'DEFECT' && !item.note) {
    ctx.addIssue({ code: 'custom', path: ['note'], message: 'inspections:checklist.noteRequired' });
  }
});

/** What the checklist form validates (and what is saved on the draft). */
export const checklistSchema = z.object({
  items: z.array(checkedItem),
  comment: commentField(),
});

export function countResults(items: readonly { result: CheckResult }[]) {
  const count = (r: CheckResult) => items.filter((i) => i.result === r).length;
  return { ok: count('OK'), defect: count('DEFECT'), open: count('NOT_CHECKED') };
}
