/**
 * A machine's DGUV audit history as an export table: the audits its DGUV
 * tab lists, newest first, each with its report number, start, the day it was performed (the
 * date signed at finish), occasion, state, result counts, technician and approval — from the device, so
 * it works offline.
 */
import type { TFunction } from 'i18next';
import type { SchlauchDb } from '@db/database';
import type { AuditListRow } from '@db/dguv-audit-list';
import { getRow } from '@db/entity-repository';
import { reportNumber } from '@domain/rules/report-number';
import { exportTable, type ExportColumn, type ExportTable } from '@lib/export/table';
import { occasionLabel } from '@components/dguv-audit-parts';

export type HistoryT = TFunction<['dguvReport', 'enums']>;

export interface HistoryLine extends AuditListRow {
  /** The instant the audit was signed (its signature's referenceDate); null while running. */
  performedAt: string | null;
}

/** The listed audits with their signatures' dates, read from the device. */
export async function historyLines(
  db: SchlauchDb,
  rows: readonly AuditListRow[],
): Promise<HistoryLine[]> {
  return Promise.all(
    rows.map(async (row) => {
      const id = row.audit.signatureId;
      const signature = id ? await getRow(db, 'signature', id) : undefined;
      return { ...row, performedAt: signature?.referenceDate ?? null };
    }),
  );
}

function historyColumns(t: HistoryT): ExportColumn<HistoryLine>[] {
  const count = (header: string, value: (l: HistoryLine) => number): ExportColumn<HistoryLine> => ({
    header,
    kind: 'number',
    width: 11,
    value,
  });
  return [
    {
      header: t('dguvReport:report.audit.number'),
      kind: 'text',
      width: 18,
      value: ({ audit }) => reportNumber(audit.startDate, audit.id),
    },
    {
      header: t('dguvReport:report.audit.startDate'),
      kind: 'moment',
      width: 18,
      value: ({ audit }) => audit.startDate,
    },
    {
      header: t('dguvReport:export.columns.occasion'),
      kind: 'text',
      width: 28,
      value: ({ audit }) =>
        occasionLabel(
          {
            occasion: (o) => t(`enums:AUDIT_OCCASION.${o}`),
            event: (e) => t(`enums:OCCASION_EVENT.${e}`),
          },
          audit,
        ),
    },
    {
      header: t('dguvReport:export.columns.performedDate'),
      kind: 'day',
      width: 14,
      value: (l) => l.performedAt,
    },
    {
      header: t('dguvReport:report.audit.state'),
      kind: 'text',
      width: 20,
      value: ({ audit }) => t(`enums:AUDIT_STATE.${audit.state}`),
    },
    count(t('dguvReport:export.columns.checked'), (l) => l.summary.checked),
    count(t('dguvReport:export.columns.success'), (l) => l.summary.success),
    count(t('dguvReport:export.columns.warning'), (l) => l.summary.warning),
    count(t('dguvReport:export.columns.error'), (l) => l.summary.error),
    {
      header: t('dguvReport:report.audit.auditor'),
      kind: 'text',
      width: 22,
      value: ({ audit }) => audit.auditor,
    },
    {
      header: t('dguvReport:export.columns.approvedBy'),
      kind: 'text',
      width: 22,
      value: ({ audit }) => (audit.state === 'APPROVED' ? audit.approvedBy : null),
    },
    {
      header: t('dguvReport:export.columns.approvedAt'),
      kind: 'moment',
      width: 18,
      value: ({ audit }) => (audit.state === 'APPROVED' ? audit.approvedAt : null),
    },
  ];
}

export function auditHistoryTable(t: HistoryT, lines: readonly HistoryLine[]): ExportTable {
  return exportTable(t('dguvReport:export.fileName'), historyColumns(t), lines);
}
