/**
 * What every report prints around its own content: the service company's letterhead, the
 * customer's data and the machine's data — from a finished audit's snapshot, or from the rows
 * as they are now.
 */
import { contextFacts, type ContextFacts, type ReportRow } from '../modules/dguv/audit-snapshot';
import type { Pair } from './pdf-blocks';
import type { Letterhead } from './pdf-document';
import { str, type ReportRows } from './report-rows';
import type { ReportTexts } from './report-texts';

export interface MachineContext {
  letterhead: Letterhead;
  customer: Pair[];
  machine: Pair[];
}

/**
 * The letterhead, customer and machine blocks: from `facts` when given (a finished audit's
 * snapshot), else from the rows as they are now.
 */
export async function loadMachineContext(
  rows: ReportRows,
  texts: ReportTexts,
  report: ReportRow,
  facts?: ContextFacts,
): Promise<MachineContext> {
  const { t } = texts;
  const { issuer, customer, machine } = facts ?? (await contextFacts(rows.database, report));
  const interval = (v: string) => (v ? t(`interval.${v}`) : '');
  return {
    letterhead: {
      name: issuer.name,
      addressLines: issuer.addressLines,
      logo: await rows.image(issuer.logo),
    },
    customer: [
      [t('customer.name'), customer.name],
      [t('customer.customerNumber'), customer.customerNumber],
      [t('customer.location'), customer.location],
    ],
    machine: [
      [t('machine.manufacturer'), machine.manufacturer],
      [t('machine.machineType'), machine.machineType],
      [t('machine.internalId'), machine.internalId],
      [t('machine.positionOnLocation'), machine.positionOnLocation],
      [t('machine.dguvInterval'), interval(machine.dguvInterval)],
      [t('machine.dguvIntervalCritical'), interval(machine.dguvIntervalCritical)],
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
