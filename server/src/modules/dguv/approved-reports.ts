/**
 * The approved DGUV report is made once (docs/dguv-record.md): its first request after approval
 * renders it from the record (the snapshot taken at finish, the checks, the signature, dated by
 * the approval), puts the bytes into the file store under the key their SHA-256 names and
 * records hash and size in the database, so every instance serves exactly those bytes from then
 * on, after any restart. The verification page finds it by the number it prints.
 */
import type { Kysely } from 'kysely';
import { reportNumber } from '@domain/rules/report-number';
import type { VerifiedReport } from '@domain/schemas/reports';
import { auditSnapshotSchema } from '@domain/schemas/dguv-audit';
import { REGISTRY } from '@server/cms/registry';
import { rowFromDb, type StoreKysely } from '@server/cms/rows';
import type { EntityRow } from '@server/db/entity-tables';
import type { ApprovedReportTable, Database } from '@server/db/schema';
import { overallResult } from '@server/reports/dguv-report-data';
import { str, type ReportRows } from '@server/reports/report-rows';
import { sha256Of, type BlobStore } from '@server/modules/files/blob-store';
import { approvedReportKey } from './report-blobs';

export type StoredReport = ApprovedReportTable;

/** "20261124-7F3A2C": the day and the id's last six hex digits. */
export const REPORT_NUMBER_RE = /^(\d{4})(\d{2})(\d{2})-([0-9A-F]{6})$/;

export class ApprovedReports {
  /** Renders in progress per audit, so two first requests render once. */
  private readonly rendering = new Map<string, Promise<StoredReport>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly blobs: BlobStore,
    private readonly cms: StoreKysely,
    private readonly rowsOf: (companyId: string | null) => ReportRows,
    private readonly render: (rows: ReportRows, audit: EntityRow<'dguvAudit'>) => Promise<Buffer>,
  ) {}

  private stored(auditId: string) {
    return this.db
      .selectFrom('approvedReport')
      .selectAll()
      .where('auditId', '=', auditId)
      .executeTakeFirst();
  }

  /** The stored PDF of an APPROVED audit, made now if this is its first request. */
  async get(audit: EntityRow<'dguvAudit'>): Promise<StoredReport> {
    const id = str(audit.id);
    const stored = await this.stored(id);
    if (stored) return stored;
    let pending = this.rendering.get(id);
    if (!pending) {
      pending = this.make(audit).finally(() => this.rendering.delete(id));
      this.rendering.set(id, pending);
    }
    return pending;
  }

  /**
   * The bytes of a stored report, from the file store. They must hash to the record's SHA-256:
   * anything else is an error, never served as the report.
   */
  async pdf(stored: StoredReport): Promise<Buffer> {
    const bytes = await this.blobs.get(approvedReportKey(stored.sha256));
    if (!bytes)
      throw new Error(`approved report ${stored.auditId}: its PDF is not in the file store`);
    if (sha256Of(bytes) !== stored.sha256)
      throw new Error(`approved report ${stored.auditId}: the stored PDF does not match its hash`);
    return bytes;
  }

  private async make(audit: EntityRow<'dguvAudit'>): Promise<StoredReport> {
    const id = str(audit.id);
    const pdf = await this.render(this.rowsOf(str(audit.companyId) || null), audit);
    const sha256 = sha256Of(pdf);
    // The bytes first: a record is never found without them.
    await this.blobs.put(approvedReportKey(sha256), pdf);
    await this.db
      .insertInto('approvedReport')
      .values({
        auditId: id,
        reportNumber: reportNumber(str(audit.startDate), id),
        sha256,
        size: pdf.length,
        createdAt: new Date().toISOString(),
      })
      // Another instance stored it first: its bytes are the record, ours go.
      .onConflict((oc) => oc.column('auditId').doNothing())
      .execute();
    const stored = await this.stored(id);
    if (!stored) throw new Error(`approved report ${id} was not stored`);
    if (stored.sha256 !== sha256)
      await this.blobs.delete(approvedReportKey(sha256)).catch(() => undefined);
    return stored;
  }

  /** The approved audit a report number names, if any. */
  private async auditByNumber(number: string): Promise<EntityRow<'dguvAudit'> | undefined> {
    const m = REPORT_NUMBER_RE.exec(number);
    if (!m) return undefined;
    const [, y, mo, d, ref] = m;
    const def = REGISTRY.dguvAudit;
    const raw = await this.cms
      .selectFrom(def.table)
      .selectAll()
      .where('state', '=', 'APPROVED')
      .where('deletedAt', 'is', null)
      .where('startDate', 'like', `${y}-${mo}-${d}%`)
      .where('id', 'like', `%${(ref ?? '').toLowerCase()}`)
      .executeTakeFirst();
    return raw ? rowFromDb(def, raw) : undefined;
  }

  /** What the public verification page shows for `number`; undefined: no such report. */
  async verify(number: string): Promise<VerifiedReport | undefined> {
    const audit = await this.auditByNumber(number.trim().toUpperCase());
    if (!audit) return undefined;
    const stored = await this.get(audit);
    const snapshot = audit.snapshot ? auditSnapshotSchema.parse(audit.snapshot) : null;
    const answers = await this.rowsOf(str(audit.companyId) || null).where(
      'dguvAnswer',
      'auditId',
      str(audit.id),
    );
    return {
      reportNumber: stored.reportNumber,
      approvedBy: str(audit.approvedBy),
      approvedAt: str(audit.approvedAt),
      machineInternalId: snapshot?.machine.internalId ?? '',
      result: overallResult(answers),
      sha256: stored.sha256,
    };
  }
}
