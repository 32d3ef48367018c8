/**
 * docs/api.md PDF reports under /api/cms (docs/architecture.md: reports live here):
 *   GET audit/dguv/{id}          dguv-report.pdf
 *   GET inspection/report/{id}   inspection-report.pdf
 *   GET maintenance/report/{id}  maintenance-report.pdf
 * Auth as every /api call (bearer token or `access_token` query parameter, see plugins/auth).
 * A report is visible exactly when its row is (`findVisible`): otherwise 404 'no data'.
 * These routes are more specific than the CMS wildcard `/api/cms/*`, so they win for GET;
 * the id must look like a UUID, so `GET audit/dguv/file` still reaches the file download.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { notFound } from '../cms/cms.service';
import { REGISTRY } from '../cms/registry';
import { findVisible, type RowOf } from '../cms/rows';
import type { EntityStoreDb, Database } from '../db/schema';
import { requireUser } from '../plugins/auth';
import { ApprovedReports, type StoredReport } from '../modules/dguv/approved-reports';
import { renderDguvReport, type DguvReportOptions } from './dguv-report';
import { renderMachineReport } from './machine-report';
import { ReportRows, str } from './report-rows';
import { blobsOf } from '../modules/files/files.routes';
import { loadReportTexts, type ReportLocales, type ReportTexts } from './report-texts';

/** The entities a report is printed for. */
type ReportEntity = 'dguvAudit' | 'inspection' | 'maintenance';

interface ReportDef<E extends ReportEntity> {
  url: string;
  entity: E;
  fileName: string;
  render: (
    rows: ReportRows,
    texts: ReportTexts,
    row: RowOf<E>,
    options: DguvReportOptions,
  ) => Promise<Buffer>;
  /** States in which the report can no longer change (only those answer 304). */
  final: readonly string[];
}

const UUID = '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';

const DGUV_REPORT: ReportDef<'dguvAudit'> = {
  url: `/api/cms/audit/dguv/:id${UUID}`,
  entity: 'dguvAudit',
  fileName: 'dguv-report.pdf',
  render: renderDguvReport,
  final: ['APPROVED'],
};

const INSPECTION_REPORT: ReportDef<'inspection'> = {
  url: `/api/cms/inspection/report/:id${UUID}`,
  entity: 'inspection',
  fileName: 'inspection-report.pdf',
  render: (rows, texts, row) => renderMachineReport(rows, texts, 'inspection', row),
  final: ['COMPLETE'],
};

const MAINTENANCE_REPORT: ReportDef<'maintenance'> = {
  url: `/api/cms/maintenance/report/:id${UUID}`,
  entity: 'maintenance',
  fileName: 'maintenance-report.pdf',
  render: (rows, texts, row) => renderMachineReport(rows, texts, 'maintenance', row),
  final: ['COMPLETE'],
};

const etagOf = (row: { id?: unknown; version?: unknown }) =>
  `"${str(row.id)}-v${str(row.version)}"`;

/** An approved report's bytes never change: cached for a year, named by their hash. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

function matches(header: string | undefined, etag: string): boolean {
  return Boolean(header?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));
}

export function reportRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; localesDir: string; publicUrl: string },
): ApprovedReports {
  const texts: ReportLocales = loadReportTexts(deps.localesDir);
  const cms = deps.db.withTables<EntityStoreDb>();
  const blobs = blobsOf(app);
  const rowsOf = (companyId: string | null) =>
    new ReportRows({ cms, db: deps.db, blobs }, companyId);
  const options = { publicUrl: deps.publicUrl };
  const approved = new ApprovedReports(deps.db, blobs, cms, rowsOf, (rows, audit) =>
    renderDguvReport(rows, texts(str(audit.locale)), audit, options),
  );
  /**
   * One report's route. `stored`: the stored PDF of a row whose report is final and kept
   * (an approved audit's), undefined while it is drawn anew on each request.
   */
  const route = <E extends ReportEntity>(
    report: ReportDef<E>,
    stored?: (row: RowOf<E>) => Promise<StoredReport> | undefined,
  ) => {
    const def = REGISTRY[report.entity];
    const handler = async (
      req: FastifyRequest<{ Params: { id: string } }>,
      reply: FastifyReply,
    ) => {
      const user = requireUser(req);
      const row = await findVisible(cms, user, def, req.params.id);
      if (!row) throw notFound();
      const pdfReply = (pdf: Buffer) =>
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${report.fileName}"`)
          .header('content-length', pdf.length)
          .send(pdf);
      const kept = await stored?.(row);
      if (kept) {
        const etag = `"${kept.sha256}"`;
        reply.header('etag', etag).header('cache-control', IMMUTABLE);
        if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
        const pdf = await approved.pdf(kept).catch((err: unknown) => {
          req.server.metrics.fileStore.inc({ operation: 'read', result: 'error' });
          throw err;
        });
        req.server.metrics.fileStore.inc({ operation: 'read', result: 'ok' });
        return pdfReply(pdf);
      }
      const etag = etagOf(row);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (report.final.includes(str(row.state)) && matches(req.headers['if-none-match'], etag)) {
        return reply.code(304).send();
      }
      const rows = rowsOf(str(row.companyId) || null);
      return pdfReply(await report.render(rows, texts(str(row.locale)), row, options));
    };
    app.get(report.url, handler);
  };
  route(DGUV_REPORT, (audit) => (audit.state === 'APPROVED' ? approved.get(audit) : undefined));
  route(INSPECTION_REPORT);
  route(MAINTENANCE_REPORT);
  return approved;
}
