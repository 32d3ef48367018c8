/**
 * The configurator's order (docs/api.md): the hose a customer assembled becomes a hose record of
 * their machine and a line of their cart in ONE transaction, so the office never sees a cart
 * line without its hose, nor a hose the customer did not order. Customer users may not create
 * hoses through the CMS; this call is the one way they may, and only for their own machines.
 */
import { nextHoseCode } from '@domain/rules/hose-code';
import type { Pipe } from '@domain/schemas/pipe';
import { configuredHoseBodySchema, type ConfiguredHose } from '@domain/schemas/shop-requests';
import type { StoreKysely } from '@server/cms/rows';
import type { AuthUser } from '@server/plugins/auth';
import { HttpError, parseOr400 } from '@server/plugins/errors';
import {
  companySettings,
  findForUser,
  inTransaction,
  insertRow,
  rowExists,
} from './shop.repository';
import { addToCart } from './shop.service';

/** Codes of live hoses (uniqueness ignores tombstones, as the CMS's check does). */
async function liveCodes(trx: StoreKysely): Promise<string[]> {
  const rows = await trx.selectFrom('pipe').select('code').where('deletedAt', 'is', null).execute();
  return rows.map((r) => String(r.code));
}

/** The device's code when it is free, else the next free code of the company's prefix. */
async function freeCode(trx: StoreKysely, wanted: string): Promise<string> {
  const codes = await liveCodes(trx);
  const taken = new Set(codes.map((c) => c.trim().toLowerCase()));
  if (wanted !== '' && !taken.has(wanted.toLowerCase())) return wanted;
  const prefix = (await companySettings(trx))?.pipeCodePrefix ?? '';
  return nextHoseCode(prefix, codes);
}

async function createHose(trx: StoreKysely, user: AuthUser, hose: ConfiguredHose): Promise<Pipe> {
  const machine = await findForUser(trx, user, 'machine', hose.machineId);
  if (!machine) throw new HttpError(404, 'not_found', 'machine not found', 'pipe.machineId');
  if (await rowExists(trx, 'pipe', hose.id)) {
    throw new HttpError(409, 'duplicate_id', 'id already exists', 'pipe.id');
  }
  const now = new Date().toISOString();
  return insertRow(trx, 'pipe', {
    ...hose,
    code: await freeCode(trx, hose.code),
    companyId: machine.companyId,
    version: 1,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    isCritical: false,
    fittingSystem: 'STANDARD',
    productionDate: null,
    installationDate: null,
    comment: null,
    predecessorId: null,
    successorId: null,
    retiredAt: null,
    retiredReason: null,
  });
}

/** `POST /shop/configured`: the new hose and its cart line; answers the touched cart. */
export async function addConfiguredHose(db: StoreKysely, user: AuthUser, body: unknown) {
  const data = parseOr400(configuredHoseBodySchema, body);
  return inTransaction(db, async (trx) => {
    const pipe = await createHose(trx, user, data.pipe);
    const line = { pipeId: pipe.id, locationId: data.locationId, quantity: data.quantity };
    return addToCart(trx, user, [
      {
        ...line,
        ...(data.id ? { id: data.id } : {}),
        ...(data.orderId ? { orderId: data.orderId } : {}),
      },
    ]);
  });
}
