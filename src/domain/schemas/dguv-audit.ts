import { z } from 'zod';
import { companyEntity } from './base';
import { auditOccasionSchema, auditStateSchema, localeSchema, occasionEventSchema } from './enums';
import { pipeSchema } from './pipe';
import {
  auditDateField,
  booleanField,
  fileRefField,
  idField,
  imageMimeTypeSchema,
  intField,
  isoDateTimeField,
  optionalIdField,
  optionalText,
  requiredText,
} from './fields';

/** The facts of a hose the record keeps (what the report prints, and its fittings). */
export const AUDIT_SNAPSHOT_HOSE_FIELDS = [
  'id',
  'code',
  'position',
  'dn',
  'maxPn',
  'hoseType',
  'length',
  'fittingSystem',
  'fittingLeft',
  'fittingRight',
  'withProtection',
  'withRope',
  'productionDate',
  'isCritical',
  'installationDate',
] as const;

const snapshotHoseSchema = pipeSchema.pick(
  Object.fromEntries(AUDIT_SNAPSHOT_HOSE_FIELDS.map((f) => [f, true])) as {
    [K in (typeof AUDIT_SNAPSHOT_HOSE_FIELDS)[number]]: true;
  },
);

/**
 * What was inspected, as it was when the audit was finished (docs/dguv-record.md): the
 * server takes it on the finishing step; the report of a finished or approved audit is drawn
 * from it alone.
 */
const text = () => z.string({ error: 'validation:format' });
const group = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: 'validation:format' });

// ── The competent person, the interval decision and the next due dates (docs/dguv-record.md).
// Snapshots taken before these existed lack them: each defaults to null.
const optional = () => text().nullable().default(null);
export const auditSnapshotRecordShape = {
  /** The inspector's profile at the finish (TRBS 1203): qualification, training, refresher. */
  competentPerson: group({
    qualification: optional(),
    training: optional(),
    lastRefresher: optional(),
  })
    .nullable()
    .default(null),
  /** The machine's interval decision (DGUV Regel 113-020 §4.4): who, on what basis, when. */
  intervalDecision: group({
    decidedBy: optional(),
    basis: optional(),
    decidedAt: optional(),
  })
    .nullable()
    .default(null),
  /** Next due dates by the intervals: per hose id, and the machine's (null: due now). */
  nextDue: group({
    machine: optional(),
    hoses: z.record(text(), text().nullable(), { error: 'validation:format' }),
  })
    .nullable()
    .default(null),
};

export const auditSnapshotSchema = group({
  takenAt: text(),
  issuer: group({
    name: text(),
    addressLines: z.array(text(), { error: 'validation:format' }),
    logo: text().nullable(),
  }),
  customer: group({ name: text(), customerNumber: text(), location: text() }),
  machine: group({
    manufacturer: text(),
    machineType: text(),
    internalId: text(),
    positionOnLocation: text(),
    dguvInterval: text(),
    dguvIntervalCritical: text(),
  }),
  hoses: z.array(snapshotHoseSchema, { error: 'validation:format' }),
  inspector: group({ name: text(), userId: text() }),
  ...auditSnapshotRecordShape,
});
export type AuditSnapshot = z.infer<typeof auditSnapshotSchema>;

/**
 * DGUV audit — the statutory hose inspection of one machine (docs/api.md, docs/architecture.md).
 * Relations: `machineId` is SPEC's "machine"; the machine's hoses and customer are reached
 * through it, and the answers ("children") point here by `auditId`. `signatureId` is SPEC's
 * "signature", set when the audit is finished.
 *
 * `startDate` keeps SPEC's 'YYYY-MM-DD HH:MM:SS' (wall time in the company's zone, see
 * rules/dates). `performedAt` is the device's clock at start, stored beside the server's
 * `createdAt` because offline work reaches the server late and clocks are never trusted to
 * order anything (docs/sync.md). `auditor` is the name printed on the report; `auditorUserId`
 * (the identity provider's subject) decides "one running audit per user".
 */
const dguvAudit = companyEntity({
  machineId: idField(),
  startDate: auditDateField(),
  /** Derived on finish by rules/dguv `changeIntervalObserved`; true while nothing says otherwise. */
  changeIntervalObserved: booleanField().default(true),
  auditor: requiredText(),
  auditorUserId: requiredText(100),
  state: auditStateSchema.default('IN_PROGRESS'),
  signatureId: optionalIdField(),
  performedAt: isoDateTimeField(),
  /** The language of the report PDF: the technician's UI language at start. */
  locale: localeSchema.default('de'),
  /**
   * Who approved the audit and when. The server writes both on the
   * COMPLETE → APPROVED step from the signed-in user and its own clock; what a client sends
   * is only its optimistic copy until the next pull.
   */
  approvedBy: optionalText(),
  approvedAt: isoDateTimeField().nullable().default(null),
  /**
   * Why the audit is made (docs/dguv-record.md "Occasion"), chosen at start: an extraordinary
   * one names its event (`occasionEvent`), OTHER describes it (`occasionNote`). The rule
   * that says which of them are needed is rules/dguv-occasion `occasionIssues`.
   */
  occasion: auditOccasionSchema.default('RECURRING'),
  occasionEvent: occasionEventSchema.nullable().default(null),
  occasionNote: optionalText(),
  /** Written by the server on finishing (see auditSnapshotSchema); null while running. */
  snapshot: auditSnapshotSchema.nullable().default(null),
});
export const dguvAuditSchema = dguvAudit.row;
export const dguvAuditCreateSchema = dguvAudit.create;
export const dguvAuditUpdateSchema = dguvAudit.update;
export type DguvAudit = z.infer<typeof dguvAuditSchema>;
export type DguvAuditCreate = z.infer<typeof dguvAuditCreateSchema>;
export type DguvAuditUpdate = z.infer<typeof dguvAuditUpdateSchema>;

/**
 * Signature of an audit or report (docs/api.md). `name` is the file name ('audit-signature.png',
 * docs/api.md), `content` the stored image (file reference; uploaded on the blob queue, docs/sync.md),
 * `referenceDate` the instant it was signed. No parent field: the audit or report points to
 * it by `signatureId`.
 */
const signature = companyEntity({
  auditor: requiredText(),
  name: requiredText(),
  mimeType: imageMimeTypeSchema.default('image/png'),
  referenceDate: isoDateTimeField(),
  content: fileRefField(),
});
export const signatureSchema = signature.row;
export const signatureCreateSchema = signature.create;
export const signatureUpdateSchema = signature.update;
export type Signature = z.infer<typeof signatureSchema>;
export type SignatureCreate = z.infer<typeof signatureCreateSchema>;

export { SIGNATURE_FILE_NAME } from '../signature-file';

/**
 * DGUV stats of the shop API (docs/api.md) for a machine, customer or location; computed by
 * rules/dguv-status `dguvStats`. `totelPipes` is spelled so by the server.
 */
export const dguvStatsSchema = z.object({
  checkedPipes: intField(),
  totelPipes: intField(),
  errorPipes: intField(),
  warningPipes: intField(),
  successPipes: intField(),
});
export type DguvStats = z.infer<typeof dguvStatsSchema>;
