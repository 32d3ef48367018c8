/** Helpers shared by the machine screens: labels, dates, sizes, titles, paths, document tabs. */
import type { Location } from '../../domain/schemas/company';
import type { Machine } from '../../domain/schemas/machine';
import type { DOCUMENT_KIND } from '../../domain/schemas/reports';

/** "Werk Nord – Werkstraße 5, 44149 Dortmund" (the addition names the plant when given). */
export function locationLabel(
  l: Pick<Location, 'street' | 'houseNumber' | 'zip' | 'city' | 'addition'>,
) {
  const street = [l.street, l.houseNumber].filter(Boolean).join(' ');
  const place = [l.zip, l.city].filter(Boolean).join(' ');
  const address = [street, place].filter(Boolean).join(', ');
  return l.addition ? `${l.addition} – ${address}` : address;
}

/** Manufacturer and machine type, e.g. "Bosch Rexroth Hydraulikpresse HP 250". */
export function machineTitle(
  manufacturer: string | null,
  machine: Pick<Machine, 'machineType' | 'internalId'>,
) {
  return [manufacturer, machine.machineType].filter(Boolean).join(' ') || machine.internalId;
}

/** A calendar day ('YYYY-MM-DD') or an instant in the UI language, e.g. "10.01.2026". */
export function formatDate(value: string, language: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const utc = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    ...(utc ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** Bytes as "12 kB" / "1,4 MB" / "15 o" in the UI language (Intl's own unit names). */
export function formatSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}

/** Base path of one customer's machines. */
export const machinesPath = (customerId: string) => `/customer/${customerId}/machine`;
export const machinePath = (customerId: string, machineId: string) =>
  `${machinesPath(customerId)}/${machineId}`;

/** The four document tabs of a machine (SPEC §2) and their route segments. */
export type DocumentKind = (typeof DOCUMENT_KIND)[number];

/** Tab order and URL segment below `…/machine/:machineId/documents/`. */
export const DOCUMENT_TABS: readonly { kind: DocumentKind; segment: string }[] = [
  { kind: 'DOCUMENT', segment: 'documents' },
  { kind: 'DGUV', segment: 'dguv' },
  { kind: 'INSPECTION', segment: 'inspection' },
  { kind: 'MAINTENANCE', segment: 'maintenance' },
];

export const documentsPath = (machineBase: string, kind: DocumentKind) =>
  `${machineBase}/documents/${DOCUMENT_TABS.find((d) => d.kind === kind)?.segment ?? 'documents'}`;
