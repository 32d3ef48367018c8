/**
 * Hose labels:
 *   GET /api/reports/machine/{machineId}/labels.pdf?format=a4-3x8|roll-62&lang=de&pipe={id}…
 * No `pipe`: every live hose of the machine; one `pipe`: a single hose's label. Auth as every
 * /api call; the machine must be visible to the caller (`findVisible`, as reading its row),
 * else 404 'no data' — so another customer's user learns nothing. Printed in `lang` (the
 * app's language; German when unknown), the QR codes link to PUBLIC_URL.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { labelFormatSchema, MAX_LABELS } from '@domain/schemas/labels';
import { idField } from '@domain/schemas/fields';
import { notFound } from '../cms/cms.service';
import { REGISTRY } from '../cms/registry';
import { findVisible } from '../cms/rows';
import type { EntityStoreDb, Database } from '../db/schema';
import { parseOr400 } from '../plugins/errors';
import { requireUser } from '../plugins/auth';
import { loadHoseLabels } from './labels-data';
import { renderLabels } from './labels-pdf';
import { ReportRows, str } from './report-rows';
import { loadReportTexts } from './report-texts';
import { blobsOf } from '../modules/files/files.routes';

const querySchema = z.object({
  format: labelFormatSchema.default('a4-3x8'),
  lang: z.string().max(16).optional(),
  pipe: z
    .union([idField(), z.array(idField()).max(MAX_LABELS)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

export function labelRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; localesDir: string; publicUrl: string },
): void {
  const texts = loadReportTexts(deps.localesDir);
  const cms = deps.db.withTables<EntityStoreDb>();
  const blobs = blobsOf(app);
  app.get(
    '/api/reports/machine/:machineId/labels.pdf',
    async (req: FastifyRequest<{ Params: { machineId: string } }>, reply) => {
      const user = requireUser(req);
      const query = parseOr400(querySchema, req.query);
      const { machineId } = parseOr400(z.object({ machineId: idField() }), req.params);
      const machine = await findVisible(cms, user, REGISTRY.machine, machineId);
      if (!machine) throw notFound();
      const rows = new ReportRows({ cms, db: deps.db, blobs }, str(machine.companyId) || null);
      const labels = await loadHoseLabels(cms, rows, machine, query.pipe, deps.publicUrl);
      if (labels.length === 0) throw notFound();
      const pdf = await renderLabels(labels, query.format, texts(query.lang));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="hose-labels.pdf"')
        .header('cache-control', 'private, no-store')
        .header('content-length', pdf.length)
        .send(pdf);
    },
  );
}
