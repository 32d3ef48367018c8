/**
 * How a report line names what it is about (a power unit or one of its parts): the kind, then
 * the fields that identify it on site — the same fields the PDF prints
 * (server/src/reports/machine-report.ts), so screen and paper agree.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TargetGroup } from './data/report-queries';
import { REPORT_TARGET_FIELDS, type ReportTargetType } from '@domain/schemas/reports';

/** "targetType:targetId", the key of a line's target in maps and selects. */
export const targetKey = (type: string, id: string) => `${type}:${id}`;

export interface TargetOption {
  key: string;
  type: ReportTargetType;
  id: string;
  label: string;
}

/** One power unit and its parts, labelled; the unit itself is the first option. */
export interface LabelledGroup {
  unit: TargetOption;
  parts: TargetOption[];
}

function identification(type: ReportTargetType, row: Record<string, unknown>): string {
  return REPORT_TARGET_FIELDS[type]
    .map((field) => row[field])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String)
    .join(' / ');
}

/** The machine's power units and parts with their display names, in checklist order. */
export function useLabelledTargets(groups: readonly TargetGroup[] | undefined) {
  const { t } = useTranslation(['parts', 'enums']);
  return useMemo(() => {
    if (!groups) return undefined;
    const name = (type: ReportTargetType, kind: string, row: Record<string, unknown>) => {
      const ident = identification(type, row);
      return ident ? `${kind} ${ident}` : kind;
    };
    return groups.map(({ aggregate, parts }): LabelledGroup => {
      const unitKind = t(`enums:AGGREGATETYPE.${aggregate.type}`);
      return {
        unit: {
          key: targetKey('aggregate', aggregate.id),
          type: 'aggregate',
          id: aggregate.id,
          label: name('aggregate', unitKind, aggregate),
        },
        parts: parts.map(({ kind, row }) => ({
          key: targetKey(kind, row.id),
          type: kind,
          id: row.id,
          label: name(kind, t(`parts:kind.${kind}`), row),
        })),
      };
    });
  }, [groups, t]);
}

/** Label of each target by its key, for showing saved lines. */
export function labelIndex(groups: readonly LabelledGroup[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const g of groups) {
    index.set(g.unit.key, g.unit.label);
    for (const p of g.parts) index.set(p.key, `${g.unit.label} · ${p.label}`);
  }
  return index;
}
