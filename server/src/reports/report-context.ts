/**
 * What every report prints around its own content: the service company's letterhead, the
 * customer's data and the machine's data.
 */
import type { Row } from '../cms/rows';
import type { Pair } from './pdf-blocks';
import type { Letterhead } from './pdf-document';
import { str, type ReportRows } from './report-rows';
import type { ReportTexts } from './report-texts';

export interface MachineContext {
  letterhead: Letterhead;
  customer: Pair[];
  machine: Pair[];
  /** The machine row (undefined if it was deleted since). */
  machineRow: Row | undefined;
}

const join = (parts: unknown[], sep = ' ') =>
  parts
    .map(str)
    .filter((p) => p.trim() !== '')
    .join(sep);

export async function loadLetterhead(rows: ReportRows): Promise<Letterhead> {
  const s = await rows.settings();
  if (!s) return { name: '', addressLines: [], logo: null };
  return {
    name: str(s.name),
    addressLines: [join([s.street, s.houseNr]), join([s.zip, s.city])].filter(Boolean),
    logo: await rows.image(s.logo),
  };
}

export function locationText(location: Row | undefined): string {
  if (!location) return '';
  return join(
    [
      join([location.street, location.houseNumber]),
      join([location.zip, location.city]),
      location.addition,
    ],
    ', ',
  );
}

export async function loadMachineContext(
  rows: ReportRows,
  texts: ReportTexts,
  report: Row,
): Promise<MachineContext> {
  const { t } = texts;
  const [letterhead, company, machine] = await Promise.all([
    loadLetterhead(rows),
    rows.byId('company', report.companyId),
    rows.byId('machine', report.machineId),
  ]);
  const [location, manufacturer] = await Promise.all([
    rows.byId('location', machine?.locationId),
    rows.byId('manufacturer', machine?.manufacturerId),
  ]);
  const interval = (v: unknown) => (typeof v === 'string' && v ? t(`interval.${v}`) : '');
  return {
    letterhead,
    machineRow: machine,
    customer: [
      [t('customer.name'), str(company?.name)],
      [t('customer.customerNumber'), str(company?.customerNumber)],
      [t('customer.location'), locationText(location)],
    ],
    machine: [
      [t('machine.manufacturer'), str(manufacturer?.name)],
      [t('machine.machineType'), str(machine?.machineType)],
      [t('machine.internalId'), str(machine?.internalId)],
      [t('machine.positionOnLocation'), str(machine?.positionOnLocation)],
      [t('machine.dguvInterval'), interval(machine?.dguvInterval)],
      [t('machine.dguvIntervalCritical'), interval(machine?.dguvIntervalCritical)],
    ],
  };
}

/** The signature row of a report: signer, date and PNG (null when the file is missing). */
export interface LoadedSignature {
  name: string;
  date: string;
  image: Buffer | null;
}

export async function loadSignature(
  rows: ReportRows,
  signatureId: unknown,
): Promise<LoadedSignature | null> {
  const row = await rows.byId('signature', signatureId);
  if (!row) return null;
  return {
    name: str(row.auditor),
    date: str(row.referenceDate),
    image: await rows.imageOfRow('signature', row, 'content'),
  };
}
