/**
 * The hose register as an export table: exactly the lines a hose list shows
 * — its filters applied by the list itself (hose-filters; installed hoses unless its life
 * filter asks for retired ones too), in its order — with every fact of a hose the screens show
 * (accessories and comment too), its life at its position (installed, retired, the codes of
 * the assemblies before and after it; docs/hose-lifecycle.md) and its DGUV state as the list
 * computes it (latest check, next due, service life; a retired hose is never due).
 * Headers and words in the UI language; the machine column only in a customer's register.
 */
import type { TFunction } from 'i18next';
import { reportNumber } from '@domain/rules/report-number';
import { serviceLifeEnd } from '@domain/rules/service-life';
import type { Fitting } from '@domain/schemas/pipe';
import { exportTable, type ExportColumn, type ExportTable } from '@lib/export/table';
import type { HoseRow } from '../hose-filters';

export type RegisterT = TFunction<['pipes', 'forms', 'enums']>;

function fittingText(t: RegisterT, fitting: Fitting | null): string | null {
  if (!fitting) return null;
  const type = fitting.type ? t(`enums:FITTING_TYPE.${fitting.type}`) : null;
  return [type, fitting.socket].filter(Boolean).join(' · ') || null;
}

/** The codes of the list's hoses by id, retired ones included (predecessors, successors). */
export type PipeCodes = ReadonlyMap<string, string>;

function registerColumns(
  t: RegisterT,
  withMachine: boolean,
  codes: PipeCodes,
): ExportColumn<HoseRow>[] {
  const codeOf = (id: string | null | undefined) => (id ? (codes.get(id) ?? null) : null);
  const yesNo = (value: boolean) => (value ? t('forms:yes') : t('forms:no'));
  const columns: (ExportColumn<HoseRow> | null)[] = [
    { header: t('pipes:columns.code'), kind: 'text', width: 16, value: (r) => r.pipe.code },
    { header: t('pipes:form.position'), kind: 'number', width: 9, value: (r) => r.pipe.position },
    withMachine
      ? {
          header: t('pipes:columns.machine'),
          kind: 'text',
          width: 28,
          value: (r) => r.machine?.label ?? null,
        }
      : null,
    {
      header: t('pipes:export.columns.dguvReference'),
      kind: 'text',
      width: 18,
      value: ({ status }) =>
        status?.lastCheck
          ? reportNumber(status.lastCheck.checkedAt, status.lastCheck.auditId)
          : null,
    },
    {
      header: t('pipes:export.columns.critical'),
      kind: 'text',
      width: 9,
      value: (r) => yesNo(r.pipe.isCritical),
    },
    { header: t('pipes:columns.dn'), kind: 'number', width: 6, value: (r) => r.pipe.dn },
    { header: t('pipes:columns.maxPn'), kind: 'number', width: 13, value: (r) => r.pipe.maxPn },
    { header: t('pipes:columns.length'), kind: 'number', width: 12, value: (r) => r.pipe.length },
    { header: t('pipes:columns.hoseType'), kind: 'text', width: 18, value: (r) => r.pipe.hoseType },
    {
      header: t('pipes:form.fittingSystem'),
      kind: 'text',
      width: 16,
      value: (r) => t(`enums:FITTING_SYSTEM.${r.pipe.fittingSystem}`),
    },
    {
      header: t('pipes:form.fittingLeft'),
      kind: 'text',
      width: 18,
      value: (r) => fittingText(t, r.pipe.fittingLeft),
    },
    {
      header: t('pipes:export.columns.twistLeft'),
      kind: 'number',
      width: 12,
      value: (r) => r.pipe.fittingLeft?.twistAngle ?? null,
    },
    {
      header: t('pipes:form.fittingRight'),
      kind: 'text',
      width: 18,
      value: (r) => fittingText(t, r.pipe.fittingRight),
    },
    {
      header: t('pipes:export.columns.twistRight'),
      kind: 'number',
      width: 12,
      value: (r) => r.pipe.fittingRight?.twistAngle ?? null,
    },
    {
      header: t('pipes:accessory.protection'),
      kind: 'text',
      width: 14,
      value: (r) => yesNo(r.pipe.withProtection),
    },
    {
      header: t('pipes:accessory.rope'),
      kind: 'text',
      width: 10,
      value: (r) => yesNo(r.pipe.withRope),
    },
    {
      header: t('pipes:form.productionDate'),
      kind: 'day',
      width: 13,
      value: (r) => r.pipe.productionDate,
    },
    {
      header: t('pipes:form.installationDate'),
      kind: 'day',
      width: 13,
      value: (r) => r.pipe.installationDate,
    },
    {
      header: t('pipes:export.columns.retiredAt'),
      kind: 'day',
      width: 13,
      value: (r) => r.pipe.retiredAt ?? null,
    },
    {
      header: t('pipes:export.columns.predecessor'),
      kind: 'text',
      width: 16,
      value: (r) => codeOf(r.pipe.predecessorId),
    },
    {
      header: t('pipes:export.columns.successor'),
      kind: 'text',
      width: 16,
      value: (r) => codeOf(r.pipe.successorId),
    },
    {
      header: t('pipes:export.columns.serviceLifeEnd'),
      kind: 'day',
      width: 13,
      value: (r) => serviceLifeEnd(r.pipe),
    },
    {
      header: t('pipes:serviceLifeExceeded'),
      kind: 'text',
      width: 12,
      value: (r) => yesNo(r.status?.serviceLifeExceeded === true),
    },
    {
      header: t('pipes:columns.lastResult'),
      kind: 'text',
      width: 15,
      value: (r) => t(`pipes:result.${r.status?.lastCheck?.result ?? 'none'}`),
    },
    {
      header: t('pipes:export.columns.lastCheckDate'),
      kind: 'day',
      width: 13,
      value: (r) => r.status?.lastCheck?.checkedAt ?? null,
    },
    {
      header: t('pipes:columns.nextDue'),
      kind: 'day',
      width: 14,
      // Never checked: due now, in the list's words; retired: never due.
      value: (r) =>
        r.status?.retired || r.pipe.retiredAt ? null : (r.status?.nextDue ?? t('pipes:due.now')),
    },
    {
      header: t('pipes:form.comment'),
      kind: 'text',
      width: 30,
      value: (r) => r.pipe.comment ?? null,
    },
  ];
  return columns.filter((c): c is ExportColumn<HoseRow> => c !== null);
}

/**
 * The register of the given lines (what the list shows, in its order); `codes` name the
 * predecessors and successors, which the lines may not include (retired hoses filtered out).
 */
export function hoseRegisterTable(
  t: RegisterT,
  rows: readonly HoseRow[],
  withMachine: boolean,
  codes: PipeCodes,
): ExportTable {
  return exportTable(t('pipes:export.fileName'), registerColumns(t, withMachine, codes), rows);
}
