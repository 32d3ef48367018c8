/**
 * A machine's DGUV audit history export on device data (fake-indexeddb): the audits its DGUV
 * tab lists, written as CSV, read back and checked line by line.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, seedMachine, serverRow } from '@tests/fixtures/sync';
import type { SchlauchDb } from '@db/database';
import { listAuditRows } from '@db/dguv-audit-list';
import { rowTable } from '@db/entity-repository';
import { uuidv7 } from '@domain/ids';
import { parseCsv } from '@lib/export/csv';
import { tableToCsv } from '@lib/export/write-csv';
import { i18n, initI18n } from '@lib/i18n';
import { auditHistoryTable, historyLines, type HistoryT } from './audit-history';

let db: SchlauchDb;
beforeAll(async () => {
  await initI18n('de');
  await i18n.loadLanguages('en-gb');
});
afterEach(async () => {
  await db.delete();
});

const tFor = (lng: string) => i18n.getFixedT(lng, ['dguvReport', 'enums']) as HistoryT;
const ref = (day: string, id: string) => `${day}-${id.replace(/-/g, '').slice(-6).toUpperCase()}`;

async function seed() {
  db = freshDb();
  const { companyId, machineId } = await seedMachine(db);
  const signature = serverRow({
    companyId,
    auditor: 'Sabine Sachkundig',
    name: 'audit-signature.png',
    mimeType: 'image/png',
    referenceDate: '2025-11-24T23:30:00.000Z', // 00:30 on 25 November in Berlin (UTC+1)
    content: null,
  });
  const approved = serverRow({
    companyId,
    machineId,
    startDate: '2025-11-24 08:00:00',
    state: 'APPROVED',
    auditor: 'Tom Techniker',
    auditorUserId: 'u1',
    signatureId: signature.id,
    approvedBy: 'Berta Büro',
    approvedAt: '2025-11-26T09:15:00.000Z',
  });
  const running = serverRow({
    companyId,
    machineId,
    startDate: '2026-02-03 07:30:00',
    state: 'IN_PROGRESS',
    auditor: 'Tom; "Techniker"',
    auditorUserId: 'u1',
    signatureId: null,
    approvedBy: null,
    approvedAt: null,
  });
  await rowTable(db, 'signature').put(signature);
  await rowTable(db, 'dguvAudit').bulkPut([approved, running]);
  const answer = (auditId: string, value: string[]) =>
    serverRow({
      companyId,
      auditId,
      pipeId: uuidv7(),
      answer: value,
      performedAt: '2025-11-24T08:00:00.000Z',
    });
  await rowTable(db, 'dguvAnswer').bulkPut([
    answer(approved.id, ['OK']),
    answer(approved.id, ['OK']),
    answer(approved.id, ['Lagerzeiten und Verwendungsdauer überschritten']),
    answer(approved.id, ['Undichte Stellen']),
    answer(running.id, ['OK']),
  ]);
  return { machineId, approved, running };
}

describe('DGUV audit history export', () => {
  it('writes every listed audit, newest first, as German CSV', async () => {
    const { machineId, approved, running } = await seed();
    const lines = await historyLines(db, await listAuditRows(db, { machineId }));
    const [header, ...rows] = parseCsv(tableToCsv(auditHistoryTable(tFor('de'), lines), 'de'));
    expect(header).toEqual([
      'Bericht-Nr.',
      'Prüfbeginn',
      'Anlass',
      'Durchgeführt am',
      'Status',
      'Geprüft',
      'In Ordnung',
      'Warnung',
      'Mängel',
      'Prüfer',
      'Freigegeben von',
      'Freigegeben am',
    ]);
    expect(rows).toEqual([
      [
        ref('20260203', running.id),
        '2026-02-03 07:30',
        'Wiederkehrende Prüfung',
        '',
        'Prüfung läuft',
        '1',
        '1',
        '0',
        '0',
        'Tom; "Techniker"',
        '',
        '',
      ],
      [
        ref('20251124', approved.id),
        '2025-11-24 08:00',
        'Wiederkehrende Prüfung',
        '2025-11-25',
        'Freigegeben',
        '4',
        '2',
        '1',
        '1',
        'Tom Techniker',
        'Berta Büro',
        '2025-11-26 10:15',
      ],
    ]);
  });

  it('writes English words, days and a comma separator in English', async () => {
    const { machineId } = await seed();
    const lines = await historyLines(db, await listAuditRows(db, { machineId }));
    const text = tableToCsv(auditHistoryTable(tFor('en-gb'), lines), 'en-gb');
    const rows = parseCsv(text, ',');
    expect(rows[0]?.slice(0, 4)).toEqual([
      'Report no.',
      'Start of inspection',
      'Occasion',
      'Performed on',
    ]);
    expect(rows[2]?.slice(1, 5)).toEqual([
      '2025-11-24 08:00',
      'Periodic inspection',
      '2025-11-25',
      'Approved',
    ]);
  });
});
