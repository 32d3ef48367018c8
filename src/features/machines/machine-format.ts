/** Helpers shared by the machine screens: labels, dates, sizes, titles, paths, document tabs. */
import type { Location } from '@domain/schemas/company';
import type { Machine } from '@domain/schemas/machine';
import type { DOCUMENT_KIND } from '@domain/schemas/reports';

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

/** Base path of one customer's machines. */
export const machinesPath = (customerId: string) => `/customer/${customerId}/machine`;
export const machinePath = (customerId: string, machineId: string) =>
  `${machinesPath(customerId)}/${machineId}`;

/** The four document tabs of a machine (docs/architecture.md) and their route segments. */
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
