/**
 * The hose register export on device data (fake-indexeddb): the lines a filtered list shows,
 * written as CSV and XLSX, read back and checked line by line and cell by cell.
 */
import readXlsxFile from 'read-excel-file/node';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, mutatorFor, seedMachine, serverRow, type Seeded } from '@tests/fixtures/sync';
import type { SchlauchDb } from '@db/database';
import { pipeStatuses } from '@db/dguv-status-reads';
import { listPipes, rowTable } from '@db/entity-repository';
import { parseCsv } from '@lib/export/csv';
import { tableToCsv } from '@lib/export/write-csv';
import { tableToXlsx } from '@lib/export/write-xlsx';
import { i18n, initI18n } from '@lib/i18n';
import { listCustomerPipes } from '../data/hose-list-queries';
import { swapPipe } from '../data/pipe-writes';
import { filterHoses, NO_FILTERS, toHoseRow, type HoseFilters } from '../hose-filters';
import { machineLabel } from '../use-hose-rows';
import { hoseRegisterTable, type RegisterT } from './hose-register';

const NOW = '2026-03-01';
let db: SchlauchDb;
let seeded: Seeded;
let auditId: string;

beforeAll(async () => {
  await initI18n('de');
  await Promise.all(['en-gb', 'fr'].map((l) => i18n.loadLanguages(l)));
});
afterEach(async () => {
  await db.delete();
});

const tFor = (lng: string) => i18n.getFixedT(lng, ['pipes', 'forms', 'enums']) as RegisterT;

/** One machine: a checked hose, a critical one with defects, one never checked. */
async function seed() {
  db = freshDb();
  seeded = await seedMachine(db);
  const { machineId, companyId } = seeded;
  const mutate = mutatorFor(db);
  const ok = await mutate.create('pipe', {
    machineId,
    position: 1,
    code: 'HM-000001',
    dn: 12,
    maxPn: 250.5,
    length: 1250,
    hoseType: '2SN; "DIN"',
    fittingSystem: 'STANDARD',
    fittingLeft: { type: 'BSP', twistAngle: 0, socket: '12S' },
    fittingRight: { type: 'JIC', twistAngle: 90, socket: null },
    productionDate: '2020-03-01',
    installationDate: '2020-06-01',
  });
  const faulty = await mutate.create('pipe', {
    machineId,
    position: 2,
    code: 'HM-000002',
    isCritical: true,
    fittingSystem: 'INTERLOCK',
    productionDate: '2025-06-15',
    withProtection: true,
  });
  await mutate.create('pipe', {
    machineId,
    position: 3,
    code: 'HM-000003',
    withRope: true,
    comment: '=Seil; "neu"',
  });
  const audit = serverRow({
    companyId,
    machineId,
    startDate: '2026-01-10 08:00:00',
    state: 'APPROVED',
    auditorUserId: 'u1',
  });
  auditId = audit.id;
  await rowTable(db, 'dguvAudit').put(audit);
  const answer = (pipeId: string, value: string[]) =>
    serverRow({ companyId, auditId, pipeId, answer: value, performedAt: '2026-01-10T08:00:00Z' });
  await rowTable(db, 'dguvAnswer').bulkPut([
    answer(ok.id, ['OK']),
    answer(faulty.id, ['Undichte Stellen']),
  ]);
}

/** The lines a list shows: its rows with statuses, through the list's own filter. */
async function shownRows(filters: HoseFilters, customer = false) {
  const { pipes, machines } = customer
    ? await listCustomerPipes(db, seeded.companyId, null)
    : { pipes: await listPipes(db, seeded.machineId), machines: [] };
  const statuses = await pipeStatuses(db, pipes, NOW);
  const labels = new Map(machines.map((m) => [m.id, { id: m.id, label: machineLabel(m) }]));
  const rows = pipes.map((p) => toHoseRow(p, statuses.get(p.id), labels.get(p.machineId)));
  return filterHoses(rows, filters);
}

/** The codes of the machine's hoses by id, retired ones included. */
const codes = async () =>
  new Map((await listPipes(db, seeded.machineId)).map((p) => [p.id, p.code]));

const ref = () => `20260110-${auditId.replace(/-/g, '').slice(-6).toUpperCase()}`;

describe('hose register export', () => {
  it("writes a machine's whole register as German CSV, line by line", async () => {
    await seed();
    const table = hoseRegisterTable(tFor('de'), await shownRows(NO_FILTERS), false, await codes());
    const text = tableToCsv(table, 'de');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...lines] = parseCsv(text, ';');
    expect(header).toEqual([
      'Code',
      'Position',
      'DGUV-Referenz',
      'Kritisch',
      'DN',
      'max. PN (bar)',
      'Länge (mm)',
      'Schlauchtyp',
      'Armatursystem',
      'Armatur links',
      'Verdrehwinkel links (°)',
      'Armatur rechts',
      'Verdrehwinkel rechts (°)',
      'Schutzschlauch',
      'Fangseil',
      'Herstelldatum',
      'Einbaudatum',
      'Ausgemustert am',
      'Vorgänger (Code)',
      'Nachfolger (Code)',
      'Ende der Verwendungsdauer',
      'Verwendungsdauer überschritten',
      'Letzte Prüfung',
      'Geprüft am',
      'Nächste Prüfung',
      'Bemerkung',
    ]);
    expect(lines).toEqual([
      [
        'HM-000001',
        '1',
        ref(),
        'Nein',
        '12',
        '250,5',
        '1250',
        '2SN; "DIN"',
        'Standardsystem',
        'BSP · 12S',
        '0',
        'JIC',
        '90',
        'Nein',
        'Nein',
        '2020-03-01',
        '2020-06-01',
        '',
        '',
        '',
        '2026-03-01',
        'Ja',
        'In Ordnung',
        '2026-01-10',
        '2027-01-10',
        '',
      ],
      [
        'HM-000002',
        '2',
        ref(),
        'Ja',
        '',
        '',
        '',
        '',
        'Interlock-System',
        '',
        '',
        '',
        '',
        'Ja',
        'Nein',
        '2025-06-15',
        '',
        '',
        '',
        '',
        '2027-06-15',
        'Nein',
        'Mängel',
        '2026-01-10',
        '2026-07-10',
        '',
      ],
      [
        'HM-000003',
        '3',
        '',
        'Nein',
        '',
        '',
        '',
        '',
        'Standardsystem',
        '',
        '',
        '',
        '',
        'Nein',
        'Ja',
        '',
        '',
        '',
        '',
        '',
        '',
        'Nein',
        'Nicht geprüft',
        '',
        'Sofort fällig',
        // A comment that looks like a formula stays text.
        '\'=Seil; "neu"',
      ],
    ]);
  });

  it('writes only the lines the filtered customer list shows, in English and as XLSX', async () => {
    await seed();
    const shown = await shownRows({ ...NO_FILTERS, category: 'normal' }, true);
    expect(shown.map((r) => r.pipe.code)).toEqual(['HM-000001', 'HM-000003']);
    const table = hoseRegisterTable(tFor('en-gb'), shown, true, await codes());

    const [header, ...lines] = parseCsv(tableToCsv(table, 'en-gb'), ',');
    expect(header?.slice(0, 4)).toEqual(['Code', 'Position', 'Machine', 'DGUV reference']);
    expect(header?.slice(14, 18)).toEqual([
      'Protective sleeve',
      'Restraint rope',
      'Production date',
      'Installation date',
    ]);
    expect(header?.at(-1)).toBe('Comment');
    expect(
      lines.map((l) => [l[0], l[2], l[7], l[14], l[15], l[16], l[17], l[23], l[24], l[25], l[26]]),
    ).toEqual([
      [
        'HM-000001',
        'INV-1',
        '1250',
        'No',
        'No',
        '2020-03-01',
        '2020-06-01',
        'OK',
        '2026-01-10',
        '2027-01-10',
        '',
      ],
      [
        'HM-000003',
        'INV-1',
        '',
        'No',
        'Yes',
        '',
        '',
        'Not inspected',
        '',
        'Due now',
        '\'=Seil; "neu"',
      ],
    ]);

    const blob = await tableToXlsx(table, 'en-gb');
    const [sheet] = await readXlsxFile(Buffer.from(await blob.arrayBuffer()));
    expect(sheet?.sheet).toBe('Hose-register');
    const [xHeader, ...xLines] = sheet!.data;
    expect(xHeader).toEqual(header);
    const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
    expect(xLines).toEqual([
      [
        'HM-000001',
        1,
        'INV-1',
        ref(),
        'No',
        12,
        250.5,
        1250,
        '2SN; "DIN"',
        'Standard system',
        'BSP · 12S',
        0,
        'JIC',
        90,
        'No',
        'No',
        day('2020-03-01'),
        day('2020-06-01'),
        null,
        null,
        null,
        day('2026-03-01'),
        'Yes',
        'OK',
        day('2026-01-10'),
        day('2027-01-10'),
        null,
      ],
      [
        'HM-000003',
        3,
        'INV-1',
        null,
        'No',
        null,
        null,
        null,
        null,
        'Standard system',
        null,
        null,
        null,
        null,
        'No',
        'Yes',
        null,
        null,
        null,
        null,
        null,
        null,
        'No',
        'Not inspected',
        null,
        'Due now',
        '=Seil; "neu"',
      ],
    ]);
  });

  it('keeps a French register in French words with semicolons', async () => {
    await seed();
    const shown = await shownRows({ ...NO_FILTERS, inspection: 'faulty' });
    const lines = parseCsv(
      tableToCsv(hoseRegisterTable(tFor('fr'), shown, false, await codes()), 'fr'),
      ';',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]?.[0]).toBe('HM-000002');
    expect(lines[1]?.[3]).toBe('Oui');
    expect(lines[0]?.[16]).toBe('Date de montage');
    expect(lines[1]?.slice(13, 15)).toEqual(['Oui', 'Non']);
    expect(lines[1]?.[24]).toBe('2026-07-10');
  });

  it('names each hose’s life at its position and follows the list’s life filter', async () => {
    await seed();
    const [old] = await listPipes(db, seeded.machineId);
    await swapPipe(
      old!,
      {
        code: 'HM-000010',
        productionDate: '2025-11-03',
        installationDate: '2026-02-02',
        retiredReason: 'Undicht',
      },
      mutatorFor(db),
    );
    const columns = (header: string[] | undefined, line: string[] | undefined) =>
      ['Code', 'Einbaudatum', 'Ausgemustert am', 'Vorgänger (Code)', 'Nachfolger (Code)'].map(
        (name) => line?.[header!.indexOf(name)],
      );
    const csv = async (filters: HoseFilters) => {
      const table = hoseRegisterTable(tFor('de'), await shownRows(filters), false, await codes());
      return parseCsv(tableToCsv(table, 'de'), ';');
    };

    // Installed hoses by default, as the list shows them: the new one names its predecessor.
    const [header, ...installed] = await csv(NO_FILTERS);
    expect(installed.map((l) => columns(header, l))).toEqual([
      ['HM-000010', '2026-02-02', '', 'HM-000001', ''],
      ['HM-000002', '', '', '', ''],
      ['HM-000003', '', '', '', ''],
    ]);
    // The new hose takes over the length: no thousands separator in a portable CSV.
    expect(installed[0]![header!.indexOf('Länge (mm)')]).toBe('1250');
    expect(installed[0]![header!.indexOf('max. PN (bar)')]).toBe('250,5');

    // The retired one on request: its retirement day and successor, never due.
    const [, ...retired] = await csv({ ...NO_FILTERS, life: 'retired' });
    expect(retired.map((l) => columns(header, l))).toEqual([
      ['HM-000001', '2020-06-01', '2026-02-02', '', 'HM-000010'],
    ]);
    expect(retired[0]![header!.indexOf('Nächste Prüfung')]).toBe('');
    expect(await csv({ ...NO_FILTERS, life: 'all' })).toHaveLength(5);

    // English: a decimal point, the same columns.
    const en = parseCsv(
      tableToCsv(
        hoseRegisterTable(tFor('en-gb'), await shownRows(NO_FILTERS), false, await codes()),
        'en-gb',
      ),
      ',',
    );
    const enHeader = en[0]!;
    expect(enHeader).toEqual(
      expect.arrayContaining(['Retired on', 'Predecessor (code)', 'Successor (code)']),
    );
    expect(en[1]![header!.indexOf('max. PN (bar)')]).toBe('250.5');
    expect(en[1]![enHeader.indexOf('Predecessor (code)')]).toBe('HM-000001');
  });
});
