/**
 * Inspection and maintenance reports of a machine: the same letterhead, customer and machine
 * data as the DGUV report, then the items (each naming its power unit or part), the comment,
 * photos and the technician's signature — in the report's language.
 */
import {
  REPORT_TARGET_FIELDS,
  type InspectionItem,
  type MaintenanceItem,
  type ReportTargetType,
} from '@domain/schemas/reports';
import { reportNumber } from '@domain/rules/report-number';
import type { EntityRow } from '../db/entity-tables';
import { fieldValue } from '../cms/rows';
import { heading, pairs, paragraph, photos, signature } from './pdf-blocks';
import { createDoc, drawLetterhead, drawTitle, finishDoc } from './pdf-document';
import { table, type Column, type TableRow } from './pdf-table';
import { loadMachineContext, loadSignature } from './report-context';
import { str, type ReportRows } from './report-rows';
import type { ReportTexts } from './report-texts';

export type MachineReportKind = 'inspection' | 'maintenance';

/** A report's row: an inspection or a maintenance. */
type MachineReportRow = EntityRow<'inspection'> | EntityRow<'maintenance'>;

/** An item of either kind (the other kind's fields absent). */
type Item = Partial<InspectionItem> & Partial<MaintenanceItem>;

async function targetCells(rows: ReportRows, texts: ReportTexts, item: Item) {
  const type = str(item.targetType) as ReportTargetType;
  if (!type || !(type in REPORT_TARGET_FIELDS)) return [texts.t('machineReport.wholeMachine'), ''];
  const target = await rows.byId(type, item.targetId);
  const kind = texts.t(`machineReport.kinds.${type}`);
  if (!target) return [kind, texts.t('machineReport.removed')];
  const ident = REPORT_TARGET_FIELDS[type]
    .map((f) => str(fieldValue(target, f)))
    .filter(Boolean)
    .join(' / ');
  return [kind, ident];
}

async function itemTable(
  rows: ReportRows,
  texts: ReportTexts,
  kind: MachineReportKind,
  r: MachineReportRow,
) {
  const { t } = texts;
  const items = (Array.isArray(r.items) ? r.items : []) as Item[];
  const col = (key: string, weight: number): Column => ({
    header: t(`machineReport.${key}`),
    weight,
  });
  const targets = await Promise.all(items.map((item) => targetCells(rows, texts, item)));
  if (kind === 'inspection') {
    const columns = [col('target', 90), col('identification', 140), col('result', 70)];
    columns.push(col('note', 215));
    const body: TableRow[] = items.map((item, i) => ({
      fill: item.result === 'DEFECT' ? '#fde2e2' : undefined,
      cells: [
        ...(targets[i] ?? []),
        t(`machineReport.results.${str(item.result)}`),
        str(item.note),
      ],
    }));
    return { columns, body };
  }
  const columns = [col('target', 85), col('identification', 110)];
  columns.push(col('description', 190), col('partsReplaced', 130));
  const body: TableRow[] = items.map((item, i) => ({
    cells: [...(targets[i] ?? []), str(item.description), str(item.partsReplaced)],
  }));
  return { columns, body };
}

export async function renderMachineReport(
  rows: ReportRows,
  texts: ReportTexts,
  kind: MachineReportKind,
  report: MachineReportRow,
): Promise<Buffer> {
  const { t } = texts;
  const title = t(`machineReport.${kind}Title`);
  const [ctx, sig, table$, images] = await Promise.all([
    loadMachineContext(rows, texts, report),
    loadSignature(rows, report.signatureId),
    itemTable(rows, texts, kind, report),
    Promise.all(
      (Array.isArray(report.photoIds) ? report.photoIds : []).map((id) => rows.image(id)),
    ),
  ]);
  const draft = report.state !== 'COMPLETE';
  const doc = createDoc(title, str(report.technician));
  drawLetterhead(doc, ctx.letterhead);
  const stateLine = t('stateLine', {
    state: t(`machineReport.states.${str(report.state) || 'DRAFT'}`),
  });
  drawTitle(doc, title, stateLine, draft);

  heading(doc, t('machineReport.report'));
  pairs(doc, [
    [t('machineReport.date'), texts.day(str(report.date))],
    [t('machineReport.technician'), str(report.technician)],
  ]);
  heading(doc, t('customer.title'));
  pairs(doc, ctx.customer);
  heading(doc, t('machine.title'));
  pairs(doc, ctx.machine);

  heading(doc, t(`machineReport.${kind}Items`));
  if (table$.body.length === 0) paragraph(doc, t('machineReport.noItems'));
  else table(doc, table$.columns, table$.body);
  if (str(report.comment)) {
    heading(doc, t('comment'));
    paragraph(doc, str(report.comment));
  }
  if (images.length > 0) {
    heading(doc, t('photos'));
    photos(doc, images, t('photoMissing'));
  }
  signature(doc, {
    title: t('signature.title'),
    role: t('signature.competentPerson'),
    nameLabel: t('signature.name'),
    name: sig?.name || str(report.technician),
    dateLabel: t('signature.date'),
    date: texts.day(sig?.date || str(report.date)),
    image: sig?.image ?? null,
    missingText: t(sig ? 'signature.unavailable' : 'signature.missing'),
  });
  return finishDoc(doc, {
    left: t('reportNo', { number: reportNumber(str(report.date), str(report.id)) }),
    page: (page, pages) => t('page', { page, pages }),
    draft: draft ? t('draft') : undefined,
  });
}
