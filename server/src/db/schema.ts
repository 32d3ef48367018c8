/** Table types for Kysely. Timestamps are ISO 8601 text on every dialect; JSON is text. */
import type { Generated } from 'kysely';
import type { EntityStoreTables, EntityTables } from './entity-tables';

export interface UsersTable {
  id: string;
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** JSON array of realm role names. */
  roles: string;
  customerId: string | null;
  locale: string | null;
  /** Set while an administrator has locked the user out (ISO time of the lock). */
  lockedAt: string | null;
  /** 1: the password is a one-time password the user must change at the next sign-in. */
  mustChangePassword: Generated<number>;
  /** The competent person's profile (docs/dguv-record.md). */
  qualification: string | null;
  training: string | null;
  lastRefresher: string | null;
  version: Generated<number>;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** oidc-provider's persisted models (sessions, grants, codes, interactions…). */
export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: string | null;
  consumedAt: string | null;
}

/**
 * The server's key–value table (server-values.ts): the provider's signing and cookie keys,
 * the sync epoch and the tombstone purge horizon. Stored as `server_secret`, its first name.
 */
export interface ServerValueTable {
  name: string;
  value: string;
  createdAt: string;
}

/** Public branding per customer (docs/architecture.md: theme and favicon from a public customer setting). */
export interface CustomerBrandingTable {
  customerId: string;
  name: string;
  primaryColor: string | null;
  faviconUrl: string | null;
  updatedAt: string;
}

/** A user's calendar feed link to one customer; only the token's sha256. */
export interface CalendarFeedTokenTable {
  id: string;
  userId: string;
  customerId: string;
  tokenHash: string;
  /** JSON array: the user's roles when the link was made (for users a real Keycloak owns). */
  roles: string;
  userCustomerId: string | null;
  /** Language of the feed's texts: the app's language when the link was made. */
  locale: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export interface FileTable {
  id: string;
  companyId: string | null;
  entity: string;
  entityId: string | null;
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** Its key in the file store (on disk: the path relative to DATA_DIR/files). */
  storagePath: string;
  createdBy: string;
  createdAt: string;
  /**
   * When the row the file belongs to was known to exist: the upload's time, or the arrival of
   * the row's create for a file uploaded before it (null until then; purged after a week).
   */
  boundAt: string | null;
  deletedAt: string | null;
}

export interface IdempotencyKeyTable {
  userId: string;
  key: string;
  method: string;
  path: string;
  /** sha256 of method, path and canonical body; null on rows stored before it existed. */
  requestHash: string | null;
  statusCode: number;
  /** The JSON answer given the first time. */
  response: string;
  createdAt: string;
}

/** The pull feed's index (entity-store.ts): one row per entity row, at its last change. */
export type ChangeLogTable = {
  seq: number;
  entity: string;
  rowId: string;
  /** The row's customer, or null for rows everybody sees. */
  scope: string | null;
  /** The sync client whose push answer carried the row (it need not pull it again). */
  origin: string | null;
};

/** The approved DGUV report's PDF, made once and served as it is (docs/dguv-record.md). */
/** The database file store's blobs (modules/files/blob-store-database.ts). */
export interface BlobTable {
  key: string;
  size: number;
  sha256: string;
  bytes: Buffer;
  createdAt: string;
}

export interface ApprovedReportTable {
  auditId: string;
  /** What the PDF prints as its number (rules/report-number.ts), for the verification page. */
  reportNumber: string;
  /** SHA-256 of the PDF, which the file store keeps under `approvedReportKey(sha256)`. */
  sha256: string;
  /** Bytes of the PDF. */
  size: number;
  createdAt: string;
}

/**
 * One state change of an order (docs/api.md "Order history"): the step, from → to, who
 * (id and display name at the time), when, and the reason given. Never updated.
 */
export interface OrderEventTable {
  id: string;
  orderId: string;
  action: string;
  fromState: string;
  toState: string;
  userId: string;
  userName: string;
  reason: string | null;
  at: string;
}

/** The next change number (sync/change-seq.ts): one row, id 1. */
export interface ChangeCounterTable {
  id: number;
  /** A bigint: PostgreSQL hands it over as text, so readers take Number() of it. */
  value: number | string;
}

/** A device's sync client (docs/sync.md): whose it is and the last mutation seq applied. */
export interface SyncClientTable {
  clientId: string;
  /** A bigint (PostgreSQL hands it over as text). */
  lastSeq: number | string;
  userId: string;
  updatedAt: string;
}

/** The stored answer to one pushed mutation, given again when the client sends it again. */
export interface SyncMutationTable {
  clientId: string;
  mutationId: string;
  /** A bigint (PostgreSQL hands it over as text). */
  seq: number | string;
  status: string;
  /** The JSON answer (sync-contract.ts `MutationOutcome`). */
  answer: string;
  createdAt: string;
}

/** A device's latest report (sync/devices.ts): one row per sync client id. */
export interface SyncDeviceTable {
  clientId: string;
  userId: string;
  lastContactAt: string;
  /** Server time the oldest unsent entry was made; null when none waited. */
  oldestPendingAt: string | null;
  /** The JSON report (sync-contract.ts `DeviceReport`). */
  report: string;
}

/**
 * One limited subject's hits in its current window (plugins/shared-limits.ts), shared by every
 * server instance. Times are epoch milliseconds: bigints, which PostgreSQL hands over as text.
 */
export interface RateLimitTable {
  key: string;
  windowStart: number | string;
  hits: number;
  lastAt: number | string;
  expiresAt: number | string;
}

/** The tables other than the entity tables. */
type ServiceTables = {
  users: UsersTable;
  oidcPayload: OidcPayloadTable;
  serverSecret: ServerValueTable;
  customerBranding: CustomerBrandingTable;
  file: FileTable;
  idempotencyKey: IdempotencyKeyTable;
  calendarFeedToken: CalendarFeedTokenTable;
  changeLog: ChangeLogTable;
  approvedReport: ApprovedReportTable;
  blob: BlobTable;
  /** Approved reports' PDFs the migration left in `blob` for a disk or S3 store to take over. */
  reportBlobPending: { key: string };
  orderEvent: OrderEventTable;
  changeCounter: ChangeCounterTable;
  syncClient: SyncClientTable;
  syncMutation: SyncMutationTable;
  syncDevice: SyncDeviceTable;
  rateLimit: RateLimitTable;
};

/** Every table: these, the change log and the entity tables (typed from the registry). */
export type Database = EntityTables & ServiceTables;

/**
 * The same database for the generic entity store (`Db.store`), which reaches an entity table
 * and its columns by the registry's names (`def.table`, `FieldDef.name`): the entity tables
 * as `EntityStoreTables` (entity-tables.ts), every other table typed as in `Database`.
 */
export type EntityStoreDb = EntityStoreTables & ServiceTables;
