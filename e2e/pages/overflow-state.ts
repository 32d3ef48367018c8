import { expect, type Page } from '@playwright/test';
import { PART_KINDS } from './power-unit-pages';
import { accessToken, serverRows } from './server-api';

/**
 * State for the 360 px overflow run, made through the docs/api.md calls with
 * the signed-in user's token and removed again afterwards: a copy of a demo machine (its power
 * units, their parts and some hoses) to run a DGUV audit and the inspection and maintenance
 * reports on, and an order of the demo customer taken through the office's states.
 */
type Row = Record<string, unknown>;
const SERVER_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'deletedAt'];

async function headers(page: Page) {
  return { authorization: `Bearer ${await accessToken(page)}` };
}

function copyOf(row: Row, changes: Row): Row {
  const copy: Row = { ...row };
  for (const field of SERVER_FIELDS) delete copy[field];
  return { ...copy, ...changes, id: crypto.randomUUID() };
}

export interface MachineCopy {
  machineId: string;
  machineType: string;
  /** The copied hoses by position; the second is past its service life. */
  pipeIds: string[];
}

/**
 * Copies `machineId` of the demo data with its power units, every part of them and its first
 * `hoses` hoses (new codes; hose 2 produced 2016: past its service life, the others 2025).
 */
export async function copyDemoMachine(page: Page, machineId: string, hoses = 4) {
  const h = await headers(page);
  const create = async (path: string, data: Row) => {
    const res = await page.request.post(`/api/cms/${path}/create`, {
      maxRetries: 1,
      headers: h,
      data: { data },
    });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return data.id as string;
  };
  const stamp = String(Date.now()).slice(-6);
  const [machine] = await serverRows(page, 'machine', [
    { key: 'id', param: 'eq', value: machineId },
  ]);
  if (!machine) throw new Error(`no machine ${machineId}`);
  const machineType = `${String(machine.machineType)} ${stamp}`;
  const copyId = await create(
    'machine',
    copyOf(machine, { machineType, internalId: `OVF-${stamp}`, photo: null }),
  );
  const byMachine = [{ key: 'machineId', param: 'eq', value: machineId }];
  for (const unit of await serverRows(page, 'machinepart/aggregate', byMachine)) {
    const unitId = await create(
      'machinepart/aggregate',
      copyOf(unit, { machineId: copyId, photo: null }),
    );
    for (const { path } of Object.values(PART_KINDS)) {
      const parts = await serverRows(page, path, [
        { key: 'aggregateId', param: 'eq', value: unit.id },
      ]);
      for (const part of parts) await create(path, copyOf(part, { aggregateId: unitId }));
    }
  }
  const pipes = (await serverRows(page, 'machinepart/hosepipe', byMachine))
    .sort((a, b) => Number(a.position) - Number(b.position))
    .slice(0, hoses);
  const pipeIds: string[] = [];
  for (const [i, pipe] of pipes.entries()) {
    const changes: Row = {
      machineId: copyId,
      code: `OVF${stamp}-${String(i + 1).padStart(2, '0')}`,
    };
    changes.productionDate = i === 1 ? '2016-03-01' : '2025-06-01';
    pipeIds.push(await create('machinepart/hosepipe', copyOf(pipe, changes)));
  }
  return { machineId: copyId, machineType, pipeIds } satisfies MachineCopy;
}

/** Deletes a machine on the server (its units, parts, hoses, audits and reports go with it). */
export async function deleteMachine(page: Page, machineId: string) {
  const res = await page.request.delete(`/api/cms/machine/delete/${machineId}`, {
    maxRetries: 1,
    headers: await headers(page),
  });
  expect(res.ok(), await res.text()).toBe(true);
}

export interface Cart {
  cartId: string;
  locationId: string;
}

/** Puts `lines` of the customer's hoses into the cart of its main location (shop API). */
export async function fillCart(page: Page, companyId: string, lines = 2): Promise<Cart> {
  const h = await headers(page);
  const byCompany = [{ key: 'companyId', param: '=', value: companyId }];
  const locations = await serverRows(page, 'company/location', byCompany);
  const main = locations.find((l) => l.type === 'MAIN') ?? locations[0];
  const pipes = await serverRows(page, 'machinepart/hosepipe', byCompany);
  let carts: { id: string; state: string; locationId: string }[] = [];
  let added = 0;
  for (const p of pipes) {
    if (added === lines) break;
    const res = await page.request.post('/api/shop/', {
      maxRetries: 1,
      headers: h,
      data: [{ pipeId: p.id, locationId: main?.id, quantity: 1 }],
    });
    // A hose whose fittings the catalogue cannot price: the next one.
    if (res.status() === 422) continue;
    expect(res.ok(), await res.text()).toBe(true);
    carts = (await res.json()) as typeof carts;
    added += 1;
  }
  expect(added).toBe(lines);
  const cart = carts.find((c) => c.state === 'NEW' && c.locationId === main?.id);
  if (!cart) throw new Error('no cart');
  return { cartId: cart.id, locationId: String(main?.id) };
}

/** Submits the cart with the customer's first contact and both consents; the order's id. */
export async function submitCart(page: Page, companyId: string, cart: Cart): Promise<string> {
  const contacts = await serverRows(page, 'company/contact', [
    { key: 'companyId', param: '=', value: companyId },
  ]);
  const res = await page.request.post(`/api/shop/submit/${cart.cartId}`, {
    maxRetries: 1,
    headers: await headers(page),
    data: {
      deliveryAddressId: cart.locationId,
      invoiceAddressId: cart.locationId,
      contactId: contacts[0]?.id,
      acceptedTerms: true,
      acceptedPrivacy: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return cart.cartId;
}

/** An order management step (`{ to }` or marking every line `{ kind }`), as the office. */
export async function transitionOrder(
  page: Page,
  orderId: string,
  step: { to: string } | { kind: 'ORDER' | 'WORKSHOP' },
) {
  const res = await page.request.post(`/api/shop/order/${orderId}/transition`, {
    maxRetries: 1,
    headers: await headers(page),
    data: step,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Waits until the device shows what `ready` finds, nudging the sync scheduler (a visibility
 * change) while the change made on the server has not been pulled yet.
 */
export async function untilPulled(page: Page, ready: () => Promise<void>, timeout = 45_000) {
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await ready();
  }).toPass({ timeout });
}
