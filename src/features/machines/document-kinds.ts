/** The four document tabs of a machine (SPEC §2) and their route segments. */
import type { DOCUMENT_KIND } from '../../domain/schemas/reports';

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
