/**
 * The sync protocol of docs/sync.md between the device's outbox and the server: push a batch of
 * queued calls, pull the change feed. An outbox entry IS a call of the docs/api.md contract
 * (method + path under /api + body), so replaying it is making that call.
 */
import { z } from 'zod';

/**
 * The shape of the outbox entries this app writes; older ones are upgraded before they are
 * sent (src/sync/entry-upgrade.ts, one step per version).
 */
export const SYNC_SCHEMA_VERSION = 2;
export const PUSH_BATCH_MAX = 200;
export const PULL_PAGE_MAX = 5000;

/**
 * A push carries writes only: CMS create, update and delete (files travel as blobs) and the
 * shop commands. Reads and queries are refused with a stored `rejected` answer
 * (`not_a_write`), as is a file call under /cms.
 */
export const PUSH_CMS_VERBS = ['create', 'update', 'delete'] as const;

/** True for the first path segment after the entity of a CMS call a push may carry. */
export function isPushableCmsVerb(verb: string | undefined): boolean {
  return (PUSH_CMS_VERBS as readonly (string | undefined)[]).includes(verb);
}

export const mutationSchema = z.object({
  /** Local, strictly increasing per client; the server applies in this order. */
  seq: z.number().int().min(1),
  mutationId: z.uuid(),
  userId: z.string().min(1),
  /** A docs/api.md call or a domain command (e.g. 'cms.create', 'finishAudit', 'submitOrder'). */
  name: z.string().min(1).max(100),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  /** Path under /api, e.g. '/cms/machinepart/hosepipe/create' or '/shop/submit/<id>'. */
  path: z.string().startsWith('/').max(500),
  body: z.unknown().optional(),
  recordId: z.string().nullable().default(null),
  baseVersion: z.number().int().min(1).nullable().default(null),
  changedFields: z.array(z.string()).nullable().default(null),
  /** mutationIds this one needs applied first (held while any of them is rejected). */
  dependsOn: z.array(z.uuid()).default([]),
  schemaVersion: z.number().int().min(1).default(SYNC_SCHEMA_VERSION),
  /** Device time of the user's action: stored as data, never used to order anything. */
  performedAt: z.string().optional(),
});
export type Mutation = z.infer<typeof mutationSchema>;

/** A device's sync client id (one per device database, meta-repository.ts). */
export const clientIdSchema = z.uuid();

/**
 * A device's report of its own state (docs/sync.md "Device reports"), sent with every push and
 * pull in the `x-device-report` header as JSON: what the office needs to see a device whose
 * work is stuck. Ages are measured on the device (its clock need not be right, a difference
 * on one clock is); the server turns them into times of its own.
 */
export const DEVICE_REPORT_HEADER = 'x-device-report';
export const STORAGE_PERSISTENCE = ['yes', 'no', 'unknown'] as const;
export type StoragePersistence = (typeof STORAGE_PERSISTENCE)[number];
export const deviceReportSchema = z.object({
  /** Entries the server has not answered yet. */
  pending: z.number().int().min(0),
  /** How long the oldest of them has waited, in ms; null when none waits. */
  oldestPendingAgeMs: z.number().int().min(0).nullable(),
  /** Entries the server refused or answered with a conflict: they wait for the user. */
  refused: z.number().int().min(0),
  appVersion: z.string().min(1).max(64),
  /** `navigator.storage.persisted()`: 'no' means the browser may delete the data. */
  storagePersisted: z.enum(STORAGE_PERSISTENCE),
  /** The device's database vanished while it held unsent work (docs/sync.md). */
  storageWiped: z.boolean(),
});
export type DeviceReport = z.infer<typeof deviceReportSchema>;

/** One device as the server keeps it: its latest report, when it came and whose it is. */
export const deviceSchema = z.object({
  clientId: clientIdSchema,
  userId: z.string(),
  /** "First Last (username)" at the time of asking; the id when the user is gone. */
  userName: z.string(),
  lastContactAt: z.string(),
  /** Server time the oldest unsent entry was made (contact time − its age); null: none. */
  oldestPendingAt: z.string().nullable(),
  report: deviceReportSchema,
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.array(deviceSchema);

export const pushRequestSchema = z.object({
  clientId: clientIdSchema,
  mutations: z.array(mutationSchema).min(1).max(PUSH_BATCH_MAX),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const pushErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});

export const pushResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('applied'),
    mutationId: z.uuid(),
    seq: z.number().int(),
    httpStatus: z.number().int(),
    result: z.unknown(),
  }),
  z.object({
    status: z.literal('duplicate'),
    mutationId: z.uuid(),
    seq: z.number().int(),
    httpStatus: z.number().int(),
    result: z.unknown(),
  }),
  z.object({
    status: z.literal('conflict'),
    mutationId: z.uuid(),
    seq: z.number().int(),
    /** The row as the server has it now, and the fields both sides changed. */
    serverRow: z.record(z.string(), z.unknown()),
    fields: z.array(z.string()),
  }),
  z.object({
    status: z.literal('rejected'),
    mutationId: z.uuid(),
    seq: z.number().int(),
    error: pushErrorSchema,
  }),
  z.object({
    status: z.literal('deferred'),
    mutationId: z.uuid(),
    seq: z.number().int(),
    /** The file ids (blobs) the call waits for. */
    waitingFor: z.array(z.string()),
  }),
]);
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushResponseSchema = z.object({
  results: z.array(pushResultSchema),
  /** Every entry with seq ≤ this has a stored answer; the rest were not processed. */
  lastProcessedSeq: z.number().int().min(0),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/**
 * The refusal of an entry whose seq the server's stream already used for another mutation:
 * never stored, the server stops the batch there and the device re-bases (src/sync/push.ts).
 */
export const SEQ_REUSED = 'seq_reused';

/** 409 answer when the batch does not continue where the server stopped. */
export const seqGapSchema = z.object({
  status: z.literal(409),
  code: z.literal('seq_gap'),
  message: z.string(),
  expectedSeq: z.number().int().min(1),
});

export const changeSchema = z.object({
  entity: z.string(),
  id: z.string(),
  version: z.number().int(),
  /**
   * The whole row (domain shape) — absent for deletes. Checked to be a plain object and kept as
   * it came (`z.record` would copy every row of a page: 50 000 objects made again during a
   * new device's load, for nothing). The row is the server's own and stored as it is.
   */
  row: z
    .custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      { message: 'row must be an object' },
    )
    .optional(),
  deleted: z.boolean().optional(),
});
export type Change = z.infer<typeof changeSchema>;

export const pullResponseSchema = z.object({
  changes: z.array(changeSchema),
  /** Opaque; send it back unchanged. */
  nextCursor: z.string(),
  hasMore: z.boolean(),
  /**
   * What the feed was cut from (`scopeKey`): the visibility and the server's sync epoch; a
   * change means: re-bootstrap (lost access, or a restored server).
   */
  scope: z.string(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/** A pull scope: the user's visibility (`all`, `company:<id>`) and the sync epoch, if any. */
export function scopeKey(visibility: string, epoch?: string): string {
  return epoch ? `${visibility}@${epoch}` : visibility;
}

/** The sync epoch a pull scope names (null when it names none). */
export function scopeEpoch(scope: string): string | null {
  const at = scope.lastIndexOf('@');
  return at < 0 ? null : scope.slice(at + 1);
}
