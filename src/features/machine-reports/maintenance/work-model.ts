/**
 * The work lines of a maintenance report as a form: each line says what was done (required),
 * which parts were replaced, and optionally which power unit or part it concerns (one select
 * value "type:id"; empty means the whole machine). Lines are added and removed freely.
 */
import { z } from 'zod';
import { targetKey, type LabelledGroup } from '../target-labels';
import { commentField } from '@domain/schemas/fields';
import {
  maintenanceItemSchema,
  REPORT_TARGET_TYPES,
  type MaintenanceItem,
  type ReportTargetType,
} from '@domain/schemas/reports';

export interface WorkLine extends Record<string, unknown> {
  description: string;
  partsReplaced: string;
  /** targetKey of a power unit or part, '' for the whole machine. */
  target: string;
}

export interface WorkValues extends Record<string, unknown> {
  items: WorkLine[];
  comment: string;
}

export const emptyLine = (): WorkLine => ({ description: '', partsReplaced: '', target: '' });

/** The form values of a draft; a target that no longer exists becomes "whole machine". */
export function workValues(
  saved: readonly MaintenanceItem[],
  comment: string | null,
  groups: readonly LabelledGroup[],
): WorkValues {
  const known = new Set(groups.flatMap((g) => [g.unit.key, ...g.parts.map((p) => p.key)]));
  return {
    items: saved.map((item) => {
      const key = item.targetType && item.targetId ? targetKey(item.targetType, item.targetId) : '';
      return {
        description: item.description,
        partsReplaced: item.partsReplaced ?? '',
        target: known.has(key) ? key : '',
      };
    }),
    comment: comment ?? '',
  };
}

function splitTarget(key: string): {
  targetType: ReportTargetType | null;
  targetId: string | null;
} {
  const at = key.indexOf(':');
  const type = key.slice(0, at);
  if (at < 0 || !(REPORT_TARGET_TYPES as readonly string[]).includes(type)) {
    return { targetType: null, targetId: null };
  }
  return { targetType: type as ReportTargetType, targetId: key.slice(at + 1) };
}

/** Form values → what the schema parses and the draft stores. */
export function workInput(values: WorkValues) {
  return {
    items: values.items.map(({ target, ...line }) => ({ ...line, ...splitTarget(target) })),
    comment: values.comment,
  };
}

export const workSchema = z.object({
  items: z.array(maintenanceItemSchema),
  comment: commentField(),
});

/** Select data: one group per power unit, the unit first, then its parts. */
export function targetSelectData(groups: readonly LabelledGroup[]) {
  return groups.map((g) => ({
    group: g.unit.label,
    items: [g.unit, ...g.parts].map((o) => ({ value: o.key, label: o.label })),
  }));
}
