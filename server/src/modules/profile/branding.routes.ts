/**
 * Per-customer branding (docs/architecture.md: theme and favicon from a public customer setting):
 * `GET /api/admin/branding/{customerId}` for staff, `PUT` for administrators. The public side
 * is `/api/public/config?customer=`, which reads the same `customerBranding` row.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { hasPermission } from '@domain/rules/permissions';
import { brandingInputSchema, type BrandingInput } from '@domain/schemas/admin';
import type { Database } from '@server/db/schema';
import { HttpError, parseOr400 } from '@server/plugins/errors';
import { requireUser } from '@server/plugins/auth';

type Params = { Params: { customerId: string } };

async function customerName(db: Kysely<Database>, id: string): Promise<string> {
  const row = await db
    .selectFrom('company')
    .select('name')
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'no data');
  return row.name;
}

export function brandingRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const url = '/api/admin/branding/:customerId';

  app.get(url, async (req: FastifyRequest<Params>, reply): Promise<BrandingInput> => {
    if (!hasPermission(requireUser(req), 'can-edit')) {
      throw new HttpError(403, 'forbidden', 'not allowed');
    }
    await customerName(db, req.params.customerId);
    const row = await db
      .selectFrom('customerBranding')
      .select(['primaryColor', 'faviconUrl'])
      .where('customerId', '=', req.params.customerId)
      .executeTakeFirst();
    reply.header('cache-control', 'no-store');
    return { primaryColor: row?.primaryColor ?? null, faviconUrl: row?.faviconUrl ?? null };
  });

  app.put(url, async (req: FastifyRequest<Params>): Promise<BrandingInput> => {
    if (!hasPermission(requireUser(req), 'has-admin-permission')) {
      throw new HttpError(403, 'forbidden', 'not allowed');
    }
    const input = parseOr400(brandingInputSchema, req.body ?? {});
    const { customerId } = req.params;
    const name = await customerName(db, customerId);
    const values = { ...input, name, updatedAt: new Date().toISOString() };
    await db
      .insertInto('customerBranding')
      .values({ customerId, ...values })
      .onConflict((oc) => oc.column('customerId').doUpdateSet(values))
      .execute();
    return input;
  });
}
