/**
 * The cart's writes (docs/api.md, docs/architecture.md "Writes"), each one `mutate.command`
 * with the rows it will make on the server written locally in the same step, so the cart shows the change at once
 * and offline. The device picks the ids of a new cart and of each new line and sends them
 * along, so its rows and the server's are the same rows; prices come from the synced
 * catalogue (rules/pipe-price) and the server prices again when the call arrives.
 */
import { newCart } from '@domain/rules/cart';
import { uuidv7 } from '@domain/ids';
import { pipePrice } from '@domain/rules/pipe-price';
import { lineTotalCents } from '@domain/rules/prices';
import type { StoredRow } from '@db/entity-tables';
import type { ConfiguredHoseBody } from '@domain/schemas/shop-requests';
import { mutate } from '@sync';
import {
  cartLines,
  localCart,
  pipeLocationId,
  readPriceInputs,
  type LineRow,
  type OrderRow,
  type PipeRow,
  type PriceInputs,
} from './cart-data';

const CART_PATH = '/shop/';
const CONFIGURED_PATH = '/shop/configured';
const itemPath = (id: string) => `/shop/item/${id}`;

export type AddProblem = 'noLocation' | 'noProduct';

export interface AddResult {
  /** The lines as they are now (new or increased), with their cart. */
  added: Array<{ line: LineRow; order: OrderRow }>;
  /** Hoses that could not be added, and why. */
  refused: Array<{ pipe: PipeRow; problem: AddProblem }>;
}

const stored = (row: OrderRow | LineRow) => row as unknown as StoredRow;

type Planned =
  | { problem: AddProblem }
  | { problem: null; order: OrderRow; isNewCart: boolean; line: LineRow; isNewLine: boolean };

/** The cart line `quantity` more of one hose makes, in the cart of its location. */
async function planLine(
  pipe: PipeRow,
  quantity: number,
  prices: PriceInputs,
  target: string,
): Promise<Planned> {
  const price = pipePrice(pipe, prices.products, prices.assemblySurchargeCents);
  if (!price.ok) return { problem: 'noProduct' };
  const now = new Date().toISOString();
  const existing = await localCart(pipe.companyId, target);
  const order = existing ?? newCart(pipe.companyId, target, now);
  const same = existing
    ? (await cartLines(existing.id)).find((l) => l.pipeId === pipe.id)
    : undefined;
  const total = (same?.quantity ?? 0) + quantity;
  const line: LineRow = {
    ...(same ?? {
      id: uuidv7(),
      version: 1,
      createdAt: now,
      deletedAt: null,
      companyId: pipe.companyId,
      orderId: order.id,
      pipeId: pipe.id,
      kind: null,
      replacesPipeId: null,
      installedPipeId: null,
    }),
    updatedAt: now,
    quantity: total,
    name: price.line.name,
    unitNetCents: price.line.unitNetCents,
    assemblySurchargeCents: price.line.assemblySurchargeCents,
    totalNetCents: lineTotalCents(price.line.unitNetCents, total),
  };
  return { problem: null, order, isNewCart: !existing, line, isNewLine: !same };
}

/** Adds `quantity` of one hose to its customer's cart at its machine's location. */
async function addOne(
  pipe: PipeRow,
  quantity: number,
  prices: PriceInputs,
  locationId: string | null,
): Promise<AddResult> {
  const target = locationId ?? (await pipeLocationId(pipe));
  if (!target) return { added: [], refused: [{ pipe, problem: 'noLocation' }] };
  const plan = await planLine(pipe, quantity, prices, target);
  if (plan.problem) return { added: [], refused: [{ pipe, problem: plan.problem }] };
  const { order, line } = plan;
  const body = [
    {
      pipeId: pipe.id,
      locationId: target,
      quantity,
      orderId: order.id,
      ...(plan.isNewLine ? { id: line.id } : {}),
    },
  ];
  await mutate.command('shop.add', 'POST', CART_PATH, body, {
    recordId: line.id,
    rows: [
      ...(plan.isNewCart ? [{ entity: 'order' as const, row: stored(order) }] : []),
      { entity: 'orderItem' as const, row: stored(line) },
    ],
  });
  return { added: [{ line, order }], refused: [] };
}

/**
 * The configurator's order: the new hose and its cart line in ONE call the server allows a
 * customer (`POST /shop/configured`), so the hose exists only when it is ordered. The device
 * shows both at once, offline too; a refusal, once discarded on Sync issues, removes both.
 */
export async function orderConfiguredHose(
  pipe: PipeRow,
  opts: { quantity: number; locationId: string },
): Promise<AddResult> {
  const plan = await planLine(pipe, opts.quantity, await readPriceInputs(), opts.locationId);
  if (plan.problem) return { added: [], refused: [{ pipe, problem: plan.problem }] };
  const { order, line } = plan;
  const body: ConfiguredHoseBody = {
    pipe: {
      id: pipe.id,
      machineId: pipe.machineId,
      position: pipe.position,
      code: pipe.code,
      productId: pipe.productId,
      hoseType: pipe.hoseType,
      dn: pipe.dn,
      maxPn: pipe.maxPn,
      length: pipe.length,
      fittingLeft: pipe.fittingLeft,
      fittingRight: pipe.fittingRight,
      withProtection: pipe.withProtection,
      withRope: pipe.withRope,
    },
    locationId: opts.locationId,
    quantity: opts.quantity,
    orderId: order.id,
    id: line.id,
  };
  await mutate.command('shop.configured', 'POST', CONFIGURED_PATH, body, {
    recordId: line.id,
    rows: [
      { entity: 'pipe' as const, row: pipe as unknown as StoredRow },
      ...(plan.isNewCart ? [{ entity: 'order' as const, row: stored(order) }] : []),
      { entity: 'orderItem' as const, row: stored(line) },
    ],
  });
  return { added: [{ line, order }], refused: [] };
}

/**
 * Puts each hose into the cart (default quantity 1, docs/api.md), one call per hose; a hose
 * already in the cart gets its quantity raised. `locationId`: the configurator's chosen
 * location; otherwise the location of the hose's machine.
 */
export async function addToCart(
  pipes: readonly PipeRow[],
  opts: { quantity?: number; locationId?: string } = {},
): Promise<AddResult> {
  const prices = await readPriceInputs();
  const result: AddResult = { added: [], refused: [] };
  for (const pipe of pipes) {
    const one = await addOne(pipe, opts.quantity ?? 1, prices, opts.locationId ?? null);
    result.added.push(...one.added);
    result.refused.push(...one.refused);
  }
  return result;
}

/** New quantity of a line; an unsent change of the same line is replaced (docs/api.md). */
export async function setQuantity(line: LineRow, quantity: number): Promise<void> {
  const next: LineRow = {
    ...line,
    quantity,
    totalNetCents: lineTotalCents(line.unitNetCents, quantity),
  };
  await mutate.command(
    'shop.quantity',
    'PATCH',
    itemPath(line.id),
    { quantity },
    {
      // The entity lets the answer (the cart with this line) update the line on the device.
      entity: 'orderItem',
      recordId: line.id,
      supersede: true,
      rows: [{ entity: 'orderItem', row: stored(next) }],
    },
  );
}

/** Removes a line (gone at once here); `restoreLine` puts it back for the undo. */
export async function removeLine(line: LineRow) {
  const gone: LineRow = { ...line, deletedAt: new Date().toISOString() };
  return mutate.command('shop.remove', 'DELETE', itemPath(line.id), undefined, {
    recordId: line.id,
    rows: [{ entity: 'orderItem', row: stored(gone) }],
  });
}

/**
 * Undo of a remove: the same hose and quantity back into the same cart, as a new line, sent
 * after the remove (`after`: its mutationId) so the server never adds to the old line.
 */
export async function restoreLine(line: LineRow, order: OrderRow, after: string): Promise<void> {
  const now = new Date().toISOString();
  const back: LineRow = {
    ...line,
    id: uuidv7(),
    version: 1,
    createdAt: line.createdAt,
    updatedAt: now,
    deletedAt: null,
  };
  const body = [
    {
      pipeId: line.pipeId,
      locationId: order.locationId,
      quantity: line.quantity,
      orderId: order.id,
      id: back.id,
    },
  ];
  await mutate.command('shop.add', 'POST', CART_PATH, body, {
    recordId: back.id,
    dependsOn: [after],
    rows: [{ entity: 'orderItem', row: stored(back) }],
  });
}
