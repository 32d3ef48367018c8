/**
 * Issues #12/#13 server rules of order management, on SQLite and PostgreSQL: every state
 * change leaves a dated step in the order's history, the checkout comment is kept, a refused
 * change names its reason as a message key, staff upload a delivery note (PDF/JPG/PNG) that
 * the order's customer downloads, and a delivery note must name a file of that order.
 */
import type { TableEntity } from '@server/db/entity-tables';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityStoreDb } from '@server/db/schema';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { multipart, tinyPng } from '../helpers/files';
import { login } from '../helpers/oidc-login';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

type Raw = Record<string, unknown>;
interface OrderView {
  id: string;
  state: string;
  comment: string | null;
  deliveryNoteFileId: string | null;
  stateHistory: Array<{
    state: string;
    at: string;
    action?: string;
    from?: string;
    userId?: string;
    userName?: string;
    reason?: string | null;
  }>;
  items: Array<{ id: string }>;
}

let s: TestServer;
let db: Kysely<EntityStoreDb>;
let kunde: string;
let buero: string;
let nextPipe = 40;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  s.app.inject({
    method,
    url: `/api/shop${url}`,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const rows = (table: TableEntity) =>
  db
    .selectFrom(table)
    .selectAll()
    .where('companyId', '=', DEMO_CUSTOMER_ID)
    .orderBy('id')
    .execute();
const locationOf = async (type: string) =>
  String((await rows('location')).find((l: Raw) => l.type === type)?.id);

async function submitted(token: string, comment?: string): Promise<OrderView> {
  const pipes = (await rows('pipe')).slice(nextPipe, nextPipe + 2);
  nextPipe += 2;
  const locationId = await locationOf('MAIN');
  const add = await call(
    token,
    'POST',
    '/',
    pipes.map((p: Raw) => ({ pipeId: p.id, locationId })),
  );
  const id = String(add.json<OrderView[]>().find((o) => o.state === 'NEW')?.id);
  const res = await call(token, 'POST', `/submit/${id}`, {
    deliveryAddressId: await locationOf('DELIVERY'),
    invoiceAddressId: await locationOf('INVOICE'),
    contactId: String((await rows('contact'))[0]?.id),
    acceptedTerms: true,
    acceptedPrivacy: true,
    ...(comment === undefined ? {} : { comment }),
  });
  expect(res.statusCode).toBe(200);
  return res.json<OrderView>();
}

const move = (id: string, body: Raw, token = buero) =>
  call(token, 'POST', `/order/${id}/transition`, body);

function uploadNote(token: string, orderId: string, bytes: Buffer, name: string, type: string) {
  const { payload, headers } = multipart([{ name: 'file', value: bytes, filename: name, type }]);
  return s.app.inject({
    method: 'POST',
    url: `/api/cms/shop/order/${orderId}/file`,
    payload,
    headers: { ...headers, ...auth(token) },
  });
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(testDatabases())('on $name', ({ env }) => {
  beforeAll(async () => {
    s = await startTestServer(env);
    db = s.db.store;
    kunde = (await login(s.app, s.config, 'kunde')).accessToken;
    buero = (await login(s.app, s.config, 'buero')).accessToken;
  });
  afterAll(() => s?.close());

  it('keeps the checkout comment and a dated step for every state the order reaches', async () => {
    const order = await submitted(kunde, '  Bitte an Tor 3 liefern  ');
    expect(order.comment).toBe('Bitte an Tor 3 liefern');
    expect(order.stateHistory.map((h) => h.state)).toEqual(['APPROVAL_PENDING']);
    await move(order.id, { to: 'READY' });
    await move(order.id, { kind: 'WORKSHOP', itemIds: [order.items[0]?.id] });
    await move(order.id, { kind: 'ORDER', itemIds: [order.items[1]?.id], to: 'ORDER' });
    await move(order.id, { to: 'ORDERED' });
    const done = (await move(order.id, { to: 'COMPLETE' })).json<OrderView>();
    expect(done.stateHistory.map((h) => h.state)).toEqual([
      'APPROVAL_PENDING',
      'READY',
      'ORDER',
      'ORDERED',
      'COMPLETE',
    ]);
    const times = done.stateHistory.map((h) => Date.parse(h.at));
    expect(times.every((t, i) => t > Date.now() - 60_000 && (i === 0 || t >= times[i - 1]!))).toBe(
      true,
    );
    // The history is part of the row the device syncs.
    const read = await s.app.inject({
      method: 'POST',
      url: `/api/cms/shop/order/read/${order.id}`,
      headers: auth(kunde),
      payload: {},
    });
    expect(read.json<OrderView>().stateHistory).toHaveLength(5);
  });

  it('moves a READY order on once its last line is marked, to the state its lines decide', async () => {
    const order = await submitted(kunde);
    await move(order.id, { to: 'READY' });
    const [a, b] = order.items.map((i) => i.id);
    const first = (await move(order.id, { kind: 'ORDER', itemIds: [a] })).json<OrderView>();
    expect(first.state).toBe('READY');
    const last = (await move(order.id, { kind: 'WORKSHOP', itemIds: [b] })).json<OrderView>();
    expect(last.state).toBe('ORDER');
    expect(last.stateHistory.map((h) => h.state)).toEqual(['APPROVAL_PENDING', 'READY', 'ORDER']);
  });

  it('refuses a change with a reason a clerk can read, never a pair of states', async () => {
    const order = await submitted(kunde);
    const cases: Array<[Raw, string]> = [
      [{ to: 'ORDERED' }, 'orders:transitionNotOrder'],
      [{ to: 'COMPLETE' }, 'orders:transitionNotShipped'],
      [{ to: 'APPROVAL_PENDING' }, 'orders:transitionAlreadyThere'],
      [{ kind: 'ORDER' }, 'orders:transitionNotReady'],
    ];
    for (const [body, reason] of cases) {
      expect((await move(order.id, body)).json(), reason).toMatchObject({
        status: 409,
        code: 'invalid_transition',
        message: reason,
      });
    }
    await move(order.id, { to: 'READY' });
    expect((await move(order.id, { to: 'READY' })).json()).toMatchObject({
      message: 'orders:transitionAlreadyThere',
    });
    expect((await move(order.id, { to: 'ORDER' })).json()).toMatchObject({
      message: 'orders:transitionLinesUnmarked',
    });
    const [a, b] = order.items.map((i) => i.id);
    await move(order.id, { kind: 'WORKSHOP', itemIds: [a] });
    expect(
      (await move(order.id, { kind: 'WORKSHOP', itemIds: [b], to: 'ORDER' })).json(),
    ).toMatchObject({ message: 'orders:transitionLinesDecide' });
    const shipping = await call(buero, 'PATCH', `/order/${order.id}`, {
      trackingLink: 'https://track.example/1',
    });
    expect(shipping.json()).toMatchObject({ message: 'orders:transitionShippingTooEarly' });
    await move(order.id, { to: 'CANCELED', reason: 'Customer changed plans' });
    expect((await move(order.id, { to: 'READY' })).json()).toMatchObject({
      message: 'orders:transitionFinal',
    });
  });

  it('refuses a decline without a reason and records who declined and why', async () => {
    const order = await submitted(kunde);
    for (const reason of [undefined, '', '   ']) {
      const res = await move(order.id, {
        to: 'CANCELED',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'reason_required',
        message: 'orders:declineReasonRequired',
        field: 'reason',
      });
    }
    const refused = await db
      .selectFrom('order')
      .select('state')
      .where('id', '=', order.id)
      .executeTakeFirst();
    expect(refused?.state).toBe('APPROVAL_PENDING');

    const res = await move(order.id, { to: 'CANCELED', reason: '  Hose type discontinued ' });
    expect(res.statusCode).toBe(200);
    const declined = res.json<OrderView>();
    expect(declined.state).toBe('CANCELED');
    expect(declined.stateHistory.at(-1)).toMatchObject({
      state: 'CANCELED',
      from: 'APPROVAL_PENDING',
      action: 'decline',
      userName: expect.stringMatching(/\S/),
      reason: 'Hose type discontinued',
    });
    const events = await db
      .selectFrom('orderEvent')
      .selectAll()
      .where('orderId', '=', order.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.action, e.fromState, e.toState, e.reason])).toEqual([
      ['submit', 'NEW', 'APPROVAL_PENDING', null],
      ['decline', 'APPROVAL_PENDING', 'CANCELED', 'Hose type discontinued'],
    ]);
    const [submitEvent, declineEvent] = events;
    expect(submitEvent?.userId).not.toBe(declineEvent?.userId);
    expect(declineEvent?.userId).toBe(declined.stateHistory.at(-1)?.userId);
    expect(declineEvent?.userName).toBe(declined.stateHistory.at(-1)?.userName);
    expect(Date.parse(declineEvent?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes an event for a release, a cancel and a customer withdrawing, reason optional', async () => {
    const released = await submitted(kunde);
    await move(released.id, { to: 'READY' });
    await move(released.id, { to: 'CANCELED' });
    const withdrawn = await submitted(kunde);
    expect((await move(withdrawn.id, { to: 'CANCELED' }, kunde)).statusCode).toBe(200);
    const events = await db
      .selectFrom('orderEvent')
      .select(['orderId', 'action', 'fromState', 'toState', 'userName'])
      .where('orderId', 'in', [released.id, withdrawn.id])
      .orderBy('at')
      .orderBy('id')
      .execute();
    const of = (id: string) =>
      events.filter((e) => e.orderId === id).map((e) => `${e.action}:${e.fromState}>${e.toState}`);
    expect(of(released.id)).toEqual([
      'submit:NEW>APPROVAL_PENDING',
      'release:APPROVAL_PENDING>READY',
      'cancel:READY>CANCELED',
    ]);
    expect(of(withdrawn.id)).toEqual([
      'submit:NEW>APPROVAL_PENDING',
      'cancel:APPROVAL_PENDING>CANCELED',
    ]);
    expect(events.every((e) => e.userName.trim() !== '')).toBe(true);
  });

  it('lets staff upload a delivery note that the customer downloads; names only its own file', async () => {
    const order = await submitted(kunde);
    await move(order.id, { to: 'READY' });
    await move(order.id, { kind: 'WORKSHOP', to: 'WORKSHOP' });

    expect((await uploadNote(kunde, order.id, PDF, 'note.pdf', 'application/pdf')).statusCode).toBe(
      403,
    );
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    expect((await uploadNote(buero, order.id, gif, 'note.gif', 'image/gif')).statusCode).toBe(415);
    const png = await uploadNote(buero, order.id, tinyPng(), 'scan.png', 'image/png');
    expect(png.statusCode).toBe(201);
    const pdf = await uploadNote(buero, order.id, PDF, 'Lieferschein.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(201);
    const fileId = pdf.json<{ id: string }>().id;

    // A file of another order (or none at all) is not this order's delivery note.
    const other = await submitted(kunde);
    const foreign = (await uploadNote(buero, other.id, tinyPng(), 'x.png', 'image/png')).json<{
      id: string;
    }>().id;
    for (const bad of [foreign, '0190a000-0000-7000-8000-000000000000']) {
      const res = await call(buero, 'PATCH', `/order/${order.id}`, { deliveryNoteFileId: bad });
      expect(res.json()).toMatchObject({
        status: 400,
        message: 'orders:deliveryNoteUnknown',
        field: 'deliveryNoteFileId',
      });
    }
    const set = await call(buero, 'PATCH', `/order/${order.id}`, { deliveryNoteFileId: fileId });
    expect(set.json<OrderView>().deliveryNoteFileId).toBe(fileId);

    // The newest upload is the PNG's sibling; the download follows the named note.
    const download = await s.app.inject({
      method: 'GET',
      url: `/api/cms/shop/order/${order.id}/file`,
      headers: auth(kunde),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });
});
