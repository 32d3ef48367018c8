/**
 * The DGUV report (DGUV Regel 113-020, BetrSichV § 14 record): inspection data, customer and
 * machine, summary, the visual check of every checked hose, the defect report with photos,
 * the notes on hoses rated OK, and the competent person's signature — in the audit's language.
 */
import { changeIntervalObserved } from '@domain/rules/dguv';
import { reportNumber } from '@domain/rules/report-number';
import { isStorageTimeExceeded } from '@domain/rules/service-life';
import { recordFacts, type RecordFacts } from '../modules/dguv/audit-snapshot';
import { FIRST_USE_ITEMS, type DguvResult } from '@domain/schemas/dguv-answer';
import { auditSnapshotSchema } from '@domain/schemas/dguv-audit';
import type { EntityRow } from '../db/entity-tables';
import { heading, pairs, paragraph, PHOTO_HEIGHT, photos, signature } from './pdf-blocks';
import { drawQr } from './pdf-qr';
import { write } from './pdf-text';
import {
  BOLD,
  FONT,
  GREY,
  MARGIN,
  createDoc,
  drawLetterhead,
  drawTitle,
  ensureSpace,
  finishDoc,
  type Doc,
} from './pdf-document';
import { table, type Column } from './pdf-table';
import { loadMachineContext, loadSignature } from './report-context';
import { loadDguvReportData, type DguvReportData } from './dguv-report-data';
import { str, type ReportRows } from './report-rows';
import type { ReportTexts } from './report-texts';

const FILL: Record<DguvResult, string | undefined> = {
  success: undefined,
  warning: '#fff4d6',
  error: '#fde2e2',
};

function visualCheck(doc: Doc, texts: ReportTexts, data: DguvReportData): void {
  const { t } = texts;
  const yesNo = (v: unknown) => (v === true ? t('yes') : v === false ? t('no') : '');
  const col = (key: string, weight: number, align?: Column['align']): Column => ({
    header: t(`dguv.visual.${key}`),
    weight,
    align,
    noWrap: key === 'code',
  });
  const columns = [
    col('position', 22, 'right'),
    col('code', 56),
    col('dn', 22, 'right'),
    col('maxPn', 32, 'right'),
    col('length', 38, 'right'),
    col('productionDate', 54),
    col('critical', 36),
    col('result', 54),
    col('findings', 97),
    col('protection', 58),
    col('replace', 46),
  ];
  const rows = data.checked.map(({ pipe, answer, values, result }) => ({
    fill: FILL[result],
    cells: [
      str(pipe.position),
      str(pipe.code),
      str(pipe.dn),
      str(pipe.maxPn),
      str(pipe.length),
      texts.day(str(pipe.productionDate)),
      yesNo(pipe.isCritical),
      t(`dguv.result.${result}`),
      values.map((v) => texts.finding(v)).join('; '),
      yesNo(answer.protectionRecommended),
      yesNo(answer.replaceHose),
    ],
  }));
  table(doc, columns, rows);
  if (data.unchecked.length > 0) {
    paragraph(doc, t('dguv.summary.notChecked', { codes: data.unchecked.join(', ') }));
  }
}

function defectReport(doc: Doc, texts: ReportTexts, data: DguvReportData): void {
  const { t } = texts;
  const defects = data.checked.filter((c) => c.result !== 'success');
  const imagesOf = (answer: EntityRow<'dguvAnswer'>) => data.photos.get(str(answer.id)) ?? [];
  // Keep a hose's block together: its lines and its first row of photos.
  const blockHeight = (values: readonly string[], images: readonly unknown[]) =>
    40 + values.length * 11 + (images.length > 0 ? PHOTO_HEIGHT + 10 : 0);
  const first = defects[0];
  // The heading goes with the first hose's block (or the "none" line), never alone.
  heading(
    doc,
    t('dguv.defects.title'),
    first ? blockHeight(first.values, imagesOf(first.answer)) : 20,
  );
  if (defects.length === 0) paragraph(doc, t('dguv.defects.none'));
  for (const { pipe, answer, values, result } of defects) {
    const images = imagesOf(answer);
    ensureSpace(doc, blockHeight(values, images));
    doc.moveDown(0.3);
    const title = t('dguv.defects.hose', { code: str(pipe.code), position: str(pipe.position) });
    paragraph(doc, `${title} – ${t(`dguv.result.${result}`)}`, { bold: true, size: 10 });
    for (const v of values) paragraph(doc, `•  ${texts.criterion(v)}`);
    const notes: [string, string][] = [...reasonNotes(texts, answer)];
    if (str(answer.comment)) notes.push([t('comment'), str(answer.comment)]);
    if (str(answer.replaceHoseComment)) {
      notes.push([t('dguv.defects.replaceComment'), str(answer.replaceHoseComment)]);
    }
    if (notes.length > 0) pairs(doc, notes, 1);
    if (images.length > 0) {
      doc.moveDown(0.3);
      photos(doc, images, t('photoMissing'));
    }
  }
}

/**
 * Where an approved report is verified: a QR code and the address with the report number, so
 * whoever holds the PDF can check it is the genuine one (docs/dguv-record.md).
 */
function verification(doc: Doc, texts: ReportTexts, url: string, number: string): void {
  const { t } = texts;
  const size = 72;
  ensureSpace(doc, size + 30);
  heading(doc, t('dguv.verify.title'));
  const y = doc.y + 2;
  drawQr(doc, { x: MARGIN, y, width: size, height: size }, url);
  const x = MARGIN + size + 12;
  const width = doc.page.width - MARGIN - x;
  write(doc.font(FONT).fontSize(9).fillColor('black'), t('dguv.verify.text'), x, y, { width });
  for (const [label, value] of [
    [t('dguv.verify.code'), number],
    [t('dguv.verify.address'), url],
  ] as const) {
    doc.moveDown(0.3);
    write(doc.font(FONT).fillColor(GREY), label, x, doc.y, { width });
    write(doc.font(BOLD).fillColor('black'), value, x, doc.y, { width });
  }
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, y + size + 6);
}

// --- The occasion, the reasons and the first-use checklist (docs/dguv-record.md) ---

/** The occasion as the record states it: its kind, and an extraordinary one's event. */
function occasionText(texts: ReportTexts, audit: EntityRow<'dguvAudit'>): string {
  const { t } = texts;
  const occasion = t(`enum.AUDIT_OCCASION.${str(audit.occasion) || 'RECURRING'}`);
  const eventKey = str(audit.occasionEvent);
  if (!eventKey) return occasion;
  const event =
    eventKey === 'OTHER' && str(audit.occasionNote)
      ? str(audit.occasionNote)
      : t(`enum.OCCASION_EVENT.${eventKey}`);
  return t('dguv.occasionEvent', { occasion, event });
}

/** The reasons a check gave (rules/dguv-reasons), printed beside its hose. */
function reasonNotes(texts: ReportTexts, answer: EntityRow<'dguvAnswer'>): [string, string][] {
  const notes: [string, string][] = [];
  if (str(answer.extensionReason)) {
    notes.push([texts.t('dguv.reasons.extension'), str(answer.extensionReason)]);
  }
  if (str(answer.keepReason)) notes.push([texts.t('dguv.reasons.keep'), str(answer.keepReason)]);
  return notes;
}

/** An audit before first use: each checked hose's answers to the checklist's points. */
function firstUseChecklist(
  doc: Doc,
  texts: ReportTexts,
  audit: EntityRow<'dguvAudit'>,
  data: DguvReportData,
) {
  if (str(audit.occasion) !== 'FIRST_USE' || data.checked.length === 0) return;
  const { t } = texts;
  heading(doc, t('dguv.firstUse.title'), 80);
  FIRST_USE_ITEMS.forEach((item, i) =>
    paragraph(doc, `${i + 1}. ${t(`screen.firstUse.items.${item}`)}`),
  );
  doc.moveDown(0.3);
  const yesNo = (v: unknown) => (v === true ? t('yes') : v === false ? t('no') : '–');
  const columns: Column[] = [
    { header: t('dguv.visual.position'), weight: 30, align: 'right' },
    { header: t('dguv.visual.code'), weight: 80, noWrap: true },
    ...FIRST_USE_ITEMS.map((_, i) => ({ header: `${i + 1}.`, weight: 50 })),
  ];
  const rows = data.checked.map(({ pipe, answer }) => {
    const list = (answer.firstUseChecklist ?? {}) as { [item: string]: unknown };
    return {
      cells: [
        str(pipe.position),
        str(pipe.code),
        ...FIRST_USE_ITEMS.map((item) => yesNo(list[item])),
      ],
    };
  });
  table(doc, columns, rows);
}

// ── The interval decision, the next due dates and the competent person (docs/dguv-record.md).

/** Beside the intervals: who decided them, on what basis, when. */
function intervalDecision(doc: Doc, texts: ReportTexts, record: RecordFacts): void {
  const { t } = texts;
  const d = record.intervalDecision;
  const basis = d?.basis ? t(`dguv.record.basis.${d.basis}`) : '';
  pairs(doc, [
    [t('dguv.record.decidedBy'), d?.decidedBy ?? t('dguv.record.notRecorded')],
    [t('dguv.record.basisLabel'), basis || t('dguv.record.notRecorded')],
    [
      t('dguv.record.decidedAt'),
      d?.decidedAt ? texts.day(d.decidedAt) : t('dguv.record.notRecorded'),
    ],
  ]);
}

/** The machine's next inspection: the earliest due date of its hoses, or now. */
function machineNextDue(texts: ReportTexts, record: RecordFacts): [string, string] {
  const { t } = texts;
  const due = record.nextDue?.machine;
  return [t('dguv.record.nextDueMachine'), due ? texts.day(due) : t('dguv.record.dueNow')];
}

/** Per checked hose: production and installation dates, storage time, next due. */
function hoseDates(doc: Doc, texts: ReportTexts, data: DguvReportData, record: RecordFacts) {
  const { t } = texts;
  if (data.checked.length === 0) return;
  heading(doc, t('dguv.record.datesTitle'), 60);
  const col = (key: string, weight: number): Column => ({
    header: t(`dguv.record.${key}`),
    weight,
    noWrap: key === 'code',
  });
  const columns = [
    col('code', 60),
    col('productionDate', 70),
    col('installationDate', 70),
    col('storage', 110),
    col('nextDue', 70),
  ];
  const rows = data.checked.map(({ pipe }) => {
    const production = str(pipe.productionDate);
    const installation = str(pipe.installationDate);
    const storage = !production
      ? t('dguv.record.productionUnknown')
      : !installation
        ? ''
        : isStorageTimeExceeded({ productionDate: production, installationDate: installation })
          ? t('dguv.record.storageExceeded')
          : t('dguv.record.storageOk');
    const due = record.nextDue?.hoses[str(pipe.id)];
    return {
      fill: !production || storage === t('dguv.record.storageExceeded') ? FILL.warning : undefined,
      cells: [
        str(pipe.code),
        production ? texts.day(production) : t('dguv.record.productionUnknown'),
        installation ? texts.day(installation) : '',
        storage,
        due ? texts.day(due) : t('dguv.record.dueNow'),
      ],
    };
  });
  table(doc, columns, rows);
}

/** Who inspected, with the qualification the office keeps for them (TRBS 1203). */
function competentPerson(
  doc: Doc,
  texts: ReportTexts,
  audit: EntityRow<'dguvAudit'>,
  record: RecordFacts,
) {
  const { t } = texts;
  const p = record.competentPerson;
  heading(doc, t('dguv.record.personTitle'), 60);
  pairs(doc, [
    [t('signature.name'), str(audit.auditor)],
    [t('dguv.record.qualification'), p?.qualification ?? t('dguv.record.notRecorded')],
    ...(p?.training ? [[t('dguv.record.training'), p.training] as [string, string]] : []),
    ...(p?.lastRefresher
      ? [[t('dguv.record.lastRefresher'), texts.day(p.lastRefresher)] as [string, string]]
      : []),
  ]);
}

export interface DguvReportOptions {
  /** The app's public origin: an approved report prints its verification address. */
  publicUrl?: string;
}

/**
 * What the inspector wrote about hoses rated OK (a remark, or the written justification for OK
 * past the service life, DGUV Regel 113-020 §4.5.1): part of the record like any finding.
 */
function okNotes(doc: Doc, texts: ReportTexts, data: DguvReportData): void {
  const { t } = texts;
  const noted = data.checked.filter(
    (c) =>
      c.result === 'success' &&
      (str(c.answer.comment) ||
        str(c.answer.replaceHoseComment) ||
        reasonNotes(texts, c.answer).length > 0),
  );
  if (noted.length === 0) return;
  heading(doc, t('dguv.okNotes.title'), 60);
  for (const { pipe, answer } of noted) {
    ensureSpace(doc, 40);
    doc.moveDown(0.3);
    const title = t('dguv.defects.hose', { code: str(pipe.code), position: str(pipe.position) });
    paragraph(doc, title, { bold: true, size: 10 });
    const notes: [string, string][] = [...reasonNotes(texts, answer)];
    if (str(answer.replaceHoseComment)) {
      notes.push([t('dguv.okNotes.reason'), str(answer.replaceHoseComment)]);
    }
    if (str(answer.comment)) notes.push([t('comment'), str(answer.comment)]);
    pairs(doc, notes, 1);
  }
}

export async function renderDguvReport(
  rows: ReportRows,
  texts: ReportTexts,
  audit: EntityRow<'dguvAudit'>,
  options: DguvReportOptions = {},
): Promise<Buffer> {
  const { t } = texts;
  const state = str(audit.state);
  const draft = state === 'IN_PROGRESS';
  // A finished audit is drawn from its record's snapshot alone (docs/dguv-record.md).
  const snapshot = audit.snapshot ? auditSnapshotSchema.parse(audit.snapshot) : null;
  const [ctx, data, sig, record] = await Promise.all([
    loadMachineContext(rows, texts, audit, snapshot ?? undefined),
    loadDguvReportData(rows, audit, snapshot?.hoses),
    loadSignature(rows, audit.signatureId),
    snapshot ?? recordFacts(rows.database, audit),
  ]);
  const approved = state === 'APPROVED';
  const number = reportNumber(str(audit.startDate), str(audit.id));
  // An approved record is dated by its approval, so that drawing it again gives the same bytes.
  const doc = createDoc(
    t('dguv.title'),
    str(audit.auditor),
    approved && str(audit.approvedAt) ? new Date(str(audit.approvedAt)) : undefined,
  );
  drawLetterhead(doc, ctx.letterhead);
  // The state in the very words of the screen's badge (locales/*/enums.json).
  const stateText = t(`enum.AUDIT_STATE.${state}`);
  const stateLine = t('stateLine', { state: draft ? `${stateText} (${t('draft')})` : stateText });
  drawTitle(doc, t('dguv.title'), stateLine, draft);
  paragraph(doc, t('dguv.legalBasis'), { size: 8 });

  heading(doc, t('dguv.inspection'));
  pairs(
    doc,
    [
      [t('dguv.typeScope'), t('dguv.typeScopeText')],
      [t('dguv.occasion'), occasionText(texts, audit)],
      [t('dguv.date'), texts.moment(str(audit.startDate))],
      [t('dguv.inspector'), str(audit.auditor)],
      ...(state === 'APPROVED' && str(audit.approvedBy)
        ? [
            [
              t('dguv.approval'),
              t('dguv.approvalText', {
                name: str(audit.approvedBy),
                date: texts.moment(str(audit.approvedAt)),
              }),
            ] as const,
          ]
        : []),
    ],
    1,
  );
  heading(doc, t('customer.title'));
  pairs(doc, ctx.customer);
  heading(doc, t('machine.title'));
  pairs(doc, ctx.machine);
  intervalDecision(doc, texts, record);

  heading(doc, t('dguv.summary.title'));
  // Stored on finish (docs/api.md); while the audit runs, derived from the checks so far.
  const observed = draft
    ? changeIntervalObserved(data.checked.map((c) => c.values))
    : audit.changeIntervalObserved === true;
  const checkedOf = t('dguv.summary.checkedOf', {
    checked: data.checked.length,
    total: data.total,
  });
  pairs(doc, [
    [t('dguv.summary.checked'), checkedOf],
    [t('dguv.summary.ok'), String(data.counts.success)],
    [t('dguv.summary.warning'), String(data.counts.warning)],
    [t('dguv.summary.defect'), String(data.counts.error)],
    [t('dguv.summary.changeIntervalObserved'), observed ? t('yes') : t('no')],
    [t('dguv.summary.result'), t(`dguv.overall.${data.overall ?? 'none'}`)],
    machineNextDue(texts, record),
  ]);

  heading(doc, t('dguv.visual.title'));
  visualCheck(doc, texts, data);
  defectReport(doc, texts, data);
  okNotes(doc, texts, data);
  firstUseChecklist(doc, texts, audit, data);
  hoseDates(doc, texts, data, record);
  competentPerson(doc, texts, audit, record);
  signature(doc, {
    title: t('signature.title'),
    role: t('signature.competentPerson'),
    nameLabel: t('signature.name'),
    name: sig?.name || str(audit.auditor),
    dateLabel: t('signature.date'),
    date: texts.day(sig?.date || str(audit.startDate)),
    image: sig?.image ?? null,
    missingText: t(sig ? 'signature.unavailable' : 'signature.missing'),
  });
  if (approved && options.publicUrl) {
    verification(doc, texts, `${options.publicUrl}/verify/${number}`, number);
  }
  return finishDoc(doc, {
    left: t('reportNo', { number }),
    page: (page, pages) => t('page', { page, pages }),
    draft: draft ? t('draft') : undefined,
  });
}
