/**
 * The orders feature's reads, all from the synced Dexie tables so lists and details work
 * offline: orders with their lines, totals and company; the office queues and their counts;
 * and the queued shop calls of an order (a submit not sent yet, a change the server refused).
 * An order submitted on this device but not yet answered is still a NEW row locally; it counts
 * as submitted here, because its `/shop/submit/{id}` call is in the outbox.
 */
import type { SchlauchDb } from '@db/database';
import { useDbQuery } from '@db/hooks';
import { entityTable, getRow, listBy } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import type { OutboxEntry } from '@db/records';
import { orderTotalCents } from '@domain/rules/prices';
import type { OrderState } from '@domain/schemas/enums';
import { orderSubmitBodySchema } from '@domain/schemas/shop-requests';
import { ORDER_QUEUES, type OrderQueue } from '../order-queues';

export type OrderRow = EntityRow<'order'>;
export type OrderItemRow = EntityRow<'orderItem'>;

export interface OrderSummary {
  order: OrderRow;
  companyName: string;
  items: OrderItemRow[];
  pipeCount: number;
  totalNetCents: number;
  /** The submit waits in the outbox (not yet answered by the server). */
  submitQueued: boolean;
  /** The server refused a queued call of this order (see Sync issues). */
  refused: OutboxEntry | null;
  /** Calls of this order still on their way (the screen waits for their answers). */
  pendingCalls: number;
  /**
   * The oldest change of this order (not its submit) still waiting for the server's answer:
   * the state it asks for (null: marking lines), and whether sending it has failed so far
   * (server down or unreachable; it is retried by itself).
   */
  /** `declining`: the change is the office's decline of a pending order (it carries a reason). */
  pendingChange: { to: OrderState | null; declining: boolean; failed: boolean } | null;
}

function pendingChangeOf(
  entries: OutboxEntry[],
  orderId: string,
  state: OrderState,
): OrderSummary['pendingChange'] {
  const change = entries
    .filter((e) => e.path !== submitPath(orderId) && e.state !== 'rejected' && e.state !== 'conflict')
    .sort((a, b) => a.localSeq - b.localSeq)[0];
  if (!change) return null;
  const body = (change.body ?? {}) as { to?: OrderState; reason?: string };
  const declining =
    state === 'APPROVAL_PENDING' && body.to === 'CANCELED' && typeof body.reason === 'string';
  return {
    to: body.to ?? null,
    declining,
    failed: change.attempts > 0 || change.lastError !== null,
  };
}

export const submitPath = (orderId: string) => `/shop/submit/${orderId}`;
const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;

/**
 * The order as the person chose it while its submit waits in the outbox: the chosen addresses,
 * contact and comment (the server's row gets them only when the submit arrives). A body that
 * does not read as a submit leaves the order as stored.
 */
function withSubmitted(order: OrderRow, submit: OutboxEntry): OrderRow {
  const body = orderSubmitBodySchema.safeParse(submit.body);
  if (!body.success) return order;
  const chosen = body.data;
  return {
    ...order,
    deliveryAddressId: chosen.deliveryAddressId,
    invoiceAddressId: chosen.invoiceAddressId,
    contactId: chosen.contactId,
    paymentType: chosen.paymentType,
    comment: chosen.comment ?? null,
    acceptedTerms: chosen.acceptedTerms,
    acceptedPrivacy: chosen.acceptedPrivacy,
  };
}

async function summarise(db: SchlauchDb, orders: OrderRow[]): Promise<OrderSummary[]> {
  const ids = orders.map((o) => o.id);
  const [items, companies, entries] = await Promise.all([
    entityTable(db, 'orderItem').where('orderId').anyOf(ids).filter(alive).toArray(),
    entityTable(db, 'company')
      .bulkGet([...new Set(orders.map((o) => o.companyId))])
      .then((rows) => rows.filter((r) => r !== undefined)),
    db.outbox.where('recordId').anyOf(ids).toArray(),
  ]);
  const names = new Map(companies.map((c) => [c.id, c.name]));
  return orders.map((stored) => {
    const lines = items.filter((i) => i.orderId === stored.id);
    const own = entries.filter((e) => e.recordId === stored.id);
    const submit = own.find((e) => e.path === submitPath(stored.id));
    return {
      order: submit ? withSubmitted(stored, submit) : stored,
      companyName: names.get(stored.companyId) ?? '',
      items: lines,
      pipeCount: lines.reduce((n, l) => n + l.quantity, 0),
      totalNetCents: orderTotalCents(lines),
      submitQueued: submit !== undefined,
      refused: own.find((e) => e.state === 'rejected') ?? null,
      pendingCalls: own.filter((e) => e.state !== 'rejected' && e.state !== 'conflict').length,
      pendingChange: pendingChangeOf(own, stored.id, stored.state),
    };
  });
}

export interface OrderFilter {
  /** One customer's orders; null: every customer in scope (staff). */
  companyId: string | null;
  states: readonly OrderState[];
}

/** Orders in `states` (a queued submit counts as submitted), newest first. */
export async function listOrders(db: SchlauchDb, filter: OrderFilter): Promise<OrderSummary[]> {
  const all = await (
    filter.companyId
      ? entityTable(db, 'order').where('companyId').equals(filter.companyId)
      : entityTable(db, 'order').toCollection()
  )
    .filter(alive)
    .toArray();
  const carts = all.filter((o) => o.state === 'NEW');
  const queued = await db.outbox
    .where('recordId')
    .anyOf(carts.map((c) => c.id))
    .filter((e) => e.path === submitPath(e.recordId ?? ''))
    .toArray();
  // A queued submit is open until the server answers.
  const showQueued = filter.states.includes('APPROVAL_PENDING') || filter.states.includes('READY');
  const wanted = all.filter((o) =>
    o.state === 'NEW'
      ? showQueued && queued.some((e) => e.recordId === o.id)
      : filter.states.includes(o.state),
  );
  const sortKey = (o: OrderRow) => o.submittedAt ?? o.updatedAt;
  wanted.sort((a, b) => sortKey(b).localeCompare(sortKey(a)));
  return summarise(db, wanted);
}

export function useOrders(filter: OrderFilter) {
  const key = `${filter.companyId ?? ''}|${filter.states.join(',')}`;
  return useDbQuery((db) => listOrders(db, filter), [key]);
}

/** What a line ordered for an installed hose knows of its swap (docs/hose-lifecycle.md). */
export interface LineReplacement {
  /** The hose the line replaces, while on this device. */
  pipe: Pick<EntityRow<'pipe'>, 'id' | 'companyId' | 'machineId' | 'code' | 'retiredAt'> | null;
  /** The line's assembly was swapped in (`installedPipeId`). */
  installed: boolean;
  /** The day it was installed: the new hose's installation date, else the old one's retirement. */
  installedOn: string | null;
}

export interface OrderDetail extends OrderSummary {
  locations: EntityRow<'location'>[];
  contacts: EntityRow<'contact'>[];
  /** By line id, for the lines that replace a hose. */
  replacements: Map<string, LineReplacement>;
}

/** The swap state of the lines that replace a hose. */
async function lineReplacements(
  db: SchlauchDb,
  items: readonly OrderItemRow[],
): Promise<Map<string, LineReplacement>> {
  const lines = items.filter((i) => i.replacesPipeId);
  const ids = [...new Set(lines.flatMap((l) => [l.replacesPipeId!, l.installedPipeId ?? []].flat()))];
  const pipes = new Map(
    (await entityTable(db, 'pipe').bulkGet(ids))
      .filter((p) => p !== undefined && alive(p))
      .map((p) => [p!.id, p!]),
  );
  return new Map(
    lines.map((line) => {
      const old = pipes.get(line.replacesPipeId!) ?? null;
      const added = line.installedPipeId ? pipes.get(line.installedPipeId) : undefined;
      return [
        line.id,
        {
          pipe: old,
          installed: line.installedPipeId !== null,
          installedOn: line.installedPipeId
            ? (added?.installationDate ?? old?.retiredAt ?? null)
            : null,
        },
      ];
    }),
  );
}

/** One order with what its detail and checkout show; null when not on this device. */
export async function orderDetail(db: SchlauchDb, id: string): Promise<OrderDetail | null> {
  const order = await getRow(db, 'order', id);
  if (!order) return null;
  const [summary] = await summarise(db, [order]);
  if (!summary) return null;
  const [locations, contacts, replacements] = await Promise.all([
    listBy(db, 'location', 'companyId', order.companyId),
    listBy(db, 'contact', 'companyId', order.companyId),
    lineReplacements(db, summary.items),
  ]);
  return { ...summary, locations, contacts, replacements };
}

export function useOrderDetail(id: string) {
  return useDbQuery((db) => orderDetail(db, id), [id]);
}

/** Orders per office queue (docs/api.md), for the menu badge and the queue tabs. */
export async function queueCounts(db: SchlauchDb): Promise<Record<OrderQueue, number>> {
  const rows = await entityTable(db, 'order')
    .where('state')
    .anyOf(Object.values(ORDER_QUEUES).flat() as OrderState[])
    .filter(alive)
    .toArray();
  const count = (q: OrderQueue) =>
    rows.filter((o) => (ORDER_QUEUES[q] as readonly OrderState[]).includes(o.state)).length;
  return { approve: count('approve'), process: count('process'), progress: count('progress') };
}

export function useQueueCounts(enabled: boolean) {
  return useDbQuery(async (db) => (enabled ? queueCounts(db) : null), [enabled]);
}
