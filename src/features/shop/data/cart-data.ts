/**
 * The device's carts: orders in state NEW with their lines, as synced from the
 * server or written locally by the cart actions, and what the actions read at the moment of
 * the tap (catalogue, surcharge, the hose's machine and location). Every read is local, so
 * the cart works offline.
 */
import { getDatabase } from '@db/database';
import { getRow, listAll, listBy } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useLocations, useOutboxEntries, useRowsBy } from '@db/hooks';
import type { OutboxEntry } from '@db/records';
import type { Product } from '@domain/schemas/product';

export type OrderRow = EntityRow<'order'>;
export type LineRow = EntityRow<'orderItem'>;
export type PipeRow = EntityRow<'pipe'>;

/** What the server has not confirmed yet about a line. */
export type LineSync = 'confirmed' | 'pending' | 'rejected';

export interface CartLine {
  line: LineRow;
  sync: LineSync;
  /** The refused call (add, quantity or remove) of a rejected line. */
  refused: OutboxEntry['method'] | null;
}

export interface CartView {
  order: OrderRow;
  location: EntityRow<'location'> | null;
  lines: CartLine[];
}

const OPEN = new Set(['pending', 'inflight', 'deferred']);

function lineSync(entries: readonly OutboxEntry[]): Omit<CartLine, 'line'> {
  const rejected = entries.find((e) => e.state === 'rejected' || e.state === 'conflict');
  if (rejected) return { sync: 'rejected', refused: rejected.method };
  return { sync: entries.some((e) => OPEN.has(e.state)) ? 'pending' : 'confirmed', refused: null };
}

/** The open carts of a customer (one per location), newest last; undefined while loading. */
export function useCarts(companyId: string): CartView[] | undefined {
  const orders = useRowsBy('order', 'companyId', companyId);
  const items = useRowsBy('orderItem', 'companyId', companyId);
  const locations = useLocations(companyId);
  const outbox = useOutboxEntries();
  if (!orders || !items || !locations || !outbox) return undefined;
  const byRecord = new Map<string, OutboxEntry[]>();
  for (const e of outbox) {
    if (!e.recordId) continue;
    byRecord.set(e.recordId, [...(byRecord.get(e.recordId) ?? []), e]);
  }
  return orders
    .filter((o) => o.state === 'NEW')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((order) => ({
      order,
      location: locations.find((l) => l.id === order.locationId) ?? null,
      lines: items
        .filter((i) => i.orderId === order.id)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map((line) => ({ line, ...lineSync(byRecord.get(line.id) ?? []) })),
    }));
}

export interface PriceInputs {
  products: Product[];
  assemblySurchargeCents: number;
}

/** The active catalogue and the assembly surcharge, as synced. */
export async function readPriceInputs(): Promise<PriceInputs> {
  const db = getDatabase();
  const products = (await listAll(db, 'product')).filter((p) => p.active);
  const settings = (await listAll(db, 'companySettings')).sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  )[0];
  return { products, assemblySurchargeCents: settings?.assemblySurchargeCents ?? 0 };
}

/** The location of a hose's machine (its cart's location); null when the machine has none. */
export async function pipeLocationId(pipe: PipeRow): Promise<string | null> {
  const machine = await getRow(getDatabase(), 'machine', pipe.machineId);
  return machine?.locationId ?? null;
}

/** The open cart of a customer at a location on this device, if any. */
export async function localCart(companyId: string, locationId: string) {
  const orders = await listBy(getDatabase(), 'order', 'companyId', companyId);
  return orders
    .filter((o) => o.state === 'NEW' && o.locationId === locationId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
}

export async function cartLines(orderId: string): Promise<LineRow[]> {
  return listBy(getDatabase(), 'orderItem', 'orderId', orderId);
}

export async function readPipe(id: string) {
  return getRow(getDatabase(), 'pipe', id);
}
