import { z } from 'zod';
import { companyEntity } from './base';
import {
  commentField,
  fileRefList,
  idField,
  intField,
  isoDateField,
  listOf,
  optionalIdField,
  optionalText,
  requiredText,
} from './fields';
import { localeSchema } from './enums';
import { PART_ENTITY_NAMES } from './parts';

/**
 * Inspection and maintenance reports and machine documents (docs/architecture.md machine documents,
 * §7 PDF endpoints). SPEC names them but not their fields; these are what a technician fills
 * in on a power unit: one entry per aggregate or part, with a result or the work done.
 */

/** What a report line is about: a power unit or one of its parts (entity names). */
export const REPORT_TARGET_TYPES = ['aggregate', ...PART_ENTITY_NAMES] as const;
export const reportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES, { error: 'validation:required' });
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;

/**
 * The fields that identify a power unit or part on site, most telling first: how a report line
 * names its target on the screen and in the PDF alike.
 */
export const REPORT_TARGET_FIELDS: Record<ReportTargetType, readonly string[]> = {
  aggregate: ['circuitId', 'machineType'],
  tank: ['oilArt', 'volume'],
  valve: ['valveType', 'artLabel', 'circuitId'],
  filter: ['filterElement', 'filterArt'],
  memory: ['memoryLabel', 'serialNumber', 'circuitId'],
  consumer: ['consumerType', 'circuitId'],
  controller: ['unitType', 'circuitId'],
  safetyValve: ['typeLabel', 'serialNumber', 'circuitId'],
  motorPumpUnit: ['pumpType', 'circuitId'],
};

export const REPORT_STATE = ['DRAFT', 'COMPLETE'] as const;
export const reportStateSchema = z.enum(REPORT_STATE, { error: 'validation:required' });
export type ReportState = z.infer<typeof reportStateSchema>;

export const CHECK_RESULT = ['OK', 'DEFECT', 'NOT_CHECKED'] as const;

export const inspectionItemSchema = z.object(
  {
    targetType: reportTargetTypeSchema,
    targetId: idField(),
    result: z.enum(CHECK_RESULT, { error: 'validation:required' }),
    note: commentField(),
  },
  { error: 'validation:format' },
);
export type InspectionItem = z.infer<typeof inspectionItemSchema>;

/** Work done; the target is optional because some work concerns the whole machine. */
export const maintenanceItemSchema = z.object(
  {
    description: requiredText(2000),
    partsReplaced: optionalText(2000),
    targetType: reportTargetTypeSchema.nullable().default(null),
    targetId: optionalIdField(),
  },
  { error: 'validation:format' },
);
export type MaintenanceItem = z.infer<typeof maintenanceItemSchema>;

/**
 * Fields both reports share. Relations: `machineId` the machine inspected or serviced,
 * `signatureId` the technician's signature once COMPLETE.
 */
const reportShape = () => ({
  machineId: idField(),
  date: isoDateField(),
  technician: requiredText(),
  signatureId: optionalIdField(),
  state: reportStateSchema.default('DRAFT'),
  comment: commentField(),
  /** The language of the report PDF (the technician's UI language). */
  locale: localeSchema.default('de'),
  /** Photos of the work or the findings (file references, uploaded on the blob queue). */
  photoIds: fileRefList(),
});

const inspection = companyEntity({
  ...reportShape(),
  items: listOf(inspectionItemSchema).default([]),
});
export const inspectionSchema = inspection.row;
export const inspectionCreateSchema = inspection.create;
export const inspectionUpdateSchema = inspection.update;
export type Inspection = z.infer<typeof inspectionSchema>;
export type InspectionCreate = z.infer<typeof inspectionCreateSchema>;

const maintenance = companyEntity({
  ...reportShape(),
  items: listOf(maintenanceItemSchema).default([]),
});
export const maintenanceSchema = maintenance.row;
export const maintenanceCreateSchema = maintenance.create;
export const maintenanceUpdateSchema = maintenance.update;
export type Maintenance = z.infer<typeof maintenanceSchema>;
export type MaintenanceCreate = z.infer<typeof maintenanceCreateSchema>;

/** The four document tabs of a machine (docs/architecture.md documents/…). */
export const DOCUMENT_KIND = ['DOCUMENT', 'DGUV', 'INSPECTION', 'MAINTENANCE'] as const;

/**
 * A file attached to a machine (`machineId`): uploads under DOCUMENT, generated report PDFs
 * under the other kinds. `fileId` references the stored blob; `size` is in bytes.
 */
const document = companyEntity({
  machineId: idField(),
  kind: z.enum(DOCUMENT_KIND, { error: 'validation:required' }),
  name: requiredText(),
  mimeType: requiredText(100),
  size: intField(),
  fileId: requiredText(500),
});
export const documentSchema = document.row;
export const documentCreateSchema = document.create;
export const documentUpdateSchema = document.update;
export type MachineDocument = z.infer<typeof documentSchema>;
export type MachineDocumentCreate = z.infer<typeof documentCreateSchema>;

/**
 * What the public verification page learns of an approved DGUV report by its number
 * (docs/dguv-record.md): who approved it and when, the machine's internal id, the overall
 * result and the SHA-256 of the genuine PDF — nothing about the customer or the hoses.
 */
export const verifiedReportSchema = z.object({
  reportNumber: z.string(),
  approvedBy: z.string(),
  approvedAt: z.string(),
  machineInternalId: z.string(),
  result: z.enum(['success', 'warning', 'error']).nullable(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type VerifiedReport = z.infer<typeof verifiedReportSchema>;
