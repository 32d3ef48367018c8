/**
 * SPEC §7 PDF reports under /api/cms (DESIGN §7: reports live here):
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
import type { EntityName } from '../../../src/domain/entities';
import { notFound } from '../cms/cms.service';
import { REGISTRY } from '../cms/registry';
import { findVisible, type Row } from '../cms/rows';
import type { CmsDb, Database } from '../db/schema';
import { requireUser } from '../plugins/auth';
import { renderDguvReport } from './dguv-report';
import { renderMachineReport } from './machine-report';
import { ReportRows, str } from './report-rows';
import { loadReportTexts, type ReportLocales, type ReportTexts } from './report-texts';

type Render = (rows: ReportRows, texts: ReportTexts, row: Row) => Promise<Buffer>;

interface ReportDef {
  url: string;
  entity: EntityName;
  fileName: string;
  render: Render;
  /** States in which the report can no longer change (only those answer 304). */
  final: readonly string[];
}

const UUID = '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';

export const REPORTS: readonly ReportDef[] = [
  {
    url: `/api/cms/audit/dguv/:id${UUID}`,
    entity: 'dguvAudit',
    fileName: 'dguv-report.pdf',
    render: renderDguvReport,
    final: ['APPROVED'],
  },
  {
    url: `/api/cms/inspection/report/:id${UUID}`,
    entity: 'inspection',
    fileName: 'inspection-report.pdf',
    render: (rows, texts, row) => renderMachineReport(rows, texts, 'inspection', row),
    final: ['COMPLETE'],
  },
  {
    url: `/api/cms/maintenance/report/:id${UUID}`,
    entity: 'maintenance',
    fileName: 'maintenance-report.pdf',
    render: (rows, texts, row) => renderMachineReport(rows, texts, 'maintenance', row),
    final: ['COMPLETE'],
  },
];

const etagOf = (row: Row) => `"${str(row.id)}-v${str(row.version)}"`;

function matches(header: string | undefined, etag: string): boolean {
  return Boolean(header?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));
}

export function reportRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; localesDir: string },
): void {
  const texts: ReportLocales = loadReportTexts(deps.localesDir);
  const cms = deps.db.withTables<CmsDb>();
  for (const report of REPORTS) {
    const def = REGISTRY[report.entity];
    const handler = async (
      req: FastifyRequest<{ Params: { id: string } }>,
      reply: FastifyReply,
    ) => {
      const user = requireUser(req);
      const row = await findVisible(cms, user, def, req.params.id);
      if (!row) throw notFound();
      const etag = etagOf(row);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (report.final.includes(str(row.state)) && matches(req.headers['if-none-match'], etag)) {
        return reply.code(304).send();
      }
      const root = req.server.fileStore?.root;
      if (!root) throw new Error('fileRoutes(app) must be registered before reportRoutes(app)');
      const rows = new ReportRows({ cms, db: deps.db, root }, str(row.companyId) || null);
      const pdf = await report.render(rows, texts(str(row.locale)), row);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${report.fileName}"`)
        .header('content-length', pdf.length)
        .send(pdf);
    };
    app.get(report.url, handler);
  }
}
