/**
 * The calendar feed of a customer's next DGUV inspections through the real
 * server: links made, listed and revoked by signed-in users; the feed fetched without a bearer
 * token, parsed by ical.js and checked against the due dates counted here from the stored rows;
 * refused without a valid live token and for a customer the link's user may not read.
 */
import type { StoredColumns } from '@server/db/entity-tables';
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_2_ID } from '@server/modules/demo/demo-data';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { MONTHS, nextDay, plusMonths } from '../helpers/calendar-days';
import { actor, cms, STAFF_ALL } from '../helpers/cms';
import { login } from '../helpers/oidc-login';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { liveRows } from '../helpers/shop';
import { lockUser } from '../helpers/users';

type Raw = StoredColumns;
let s: TestServer;
let buero: string;
let kunde: string;

const call = (
  token: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: object,
) =>
  s.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });

async function createLink(token: string, customerId: string, locale = 'de') {
  const res = await call(token, 'POST', '/api/calendar/tokens', { customerId, locale });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; customerId: string; customerName: string };
}

/** The feed at a link's URL, as a calendar app fetches it (no Authorization header). */
const fetchFeed = (url: string) =>
  s.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
const feedPath = (customerId: string, token: string) =>
  `/api/calendar/customer/${customerId}/calendar.ics?token=${encodeURIComponent(token)}`;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

interface MachineDue {
  /** The earliest next due day of its checked hoses. */
  earliest: string | null;
  hoses: number;
  unchecked: number;
}

/** Per live machine of the customer: its hoses, the unchecked ones and the earliest due day. */
async function expectedDueDays(customerId: string): Promise<Map<string, MachineDue>> {
  const machines = (await liveRows(s, 'machine')).filter((m) => m.companyId === customerId);
  const audits = new Map((await liveRows(s, 'dguvAudit')).map((a) => [a.id, a]));
  const answers = (await liveRows(s, 'dguvAnswer')).filter((a) => audits.has(a.auditId));
  const pipes = await liveRows(s, 'pipe');
  const key = (a: Raw) =>
    `${String(audits.get(a.auditId)?.startDate)}|${String(a.performedAt)}|${String(a.id)}`;
  const out = new Map<string, MachineDue>();
  for (const machine of machines) {
    let earliest: string | null = null;
    let unchecked = 0;
    const hoses = pipes.filter((p) => p.machineId === machine.id);
    for (const pipe of hoses) {
      const latest = answers
        .filter((a) => a.pipeId === pipe.id)
        .sort((a, b) => (key(a) < key(b) ? -1 : 1))
        .at(-1);
      if (!latest) {
        unchecked += 1;
        continue;
      }
      const interval = pipe.isCritical ? machine.dguvIntervalCritical : machine.dguvInterval;
      const day = String(audits.get(latest.auditId)?.startDate).slice(0, 10);
      const due = plusMonths(day, MONTHS[String(interval)] ?? 0);
      if (earliest === null || due < earliest) earliest = due;
    }
    out.set(String(machine.id), { earliest, hoses: hoses.length, unchecked });
  }
  return out;
}

function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((c) => {
      const event = new ICAL.Event(c);
      return {
        uid: event.uid,
        start: event.startDate,
        end: event.endDate,
        summary: event.summary,
        description: event.description,
      };
    }),
  };
}

describe.each(testDatabases())('calendar feed on $name', ({ env }) => {
  beforeAll(async () => {
    s = await startTestServer(env);
    buero = (await login(s.app, s.config, 'buero')).accessToken;
    kunde = (await login(s.app, s.config, 'kunde')).accessToken;
  });
  afterAll(() => s?.close());

  it('has one all-day event per machine with hoses: due now on today, named overdue', async () => {
    const link = await createLink(buero, DEMO_CUSTOMER_ID);
    expect(link.url).toMatch(
      new RegExp(
        `^${s.config.publicUrl}/api/calendar/customer/${DEMO_CUSTOMER_ID}/calendar\\.ics\\?token=[\\w-]{43}$`,
      ),
    );
    const res = await fetchFeed(link.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // CRLF line ends, and no content line longer than 75 octets (folded).
    const lines = res.body.split('\r\n');
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(Math.max(...lines.map((l) => Buffer.byteLength(l)))).toBeLessThanOrEqual(75);

    const { calendar, events } = parseEvents(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      `DGUV-Prüfungen – ${link.customerName}`,
    );
    const expected = await expectedDueDays(DEMO_CUSTOMER_ID);
    const today = new Date().toISOString().slice(0, 10);
    // Every machine with hoses is in the feed: the never checked and the overdue ones today,
    // named overdue; the others on their next due day.
    const withHoses = [...expected].filter(([, m]) => m.hoses > 0);
    const dueNow = withHoses.filter(([, m]) => m.unchecked > 0 || m.earliest! < today);
    const later = withHoses.filter(([, m]) => m.unchecked === 0 && m.earliest! >= today);
    expect(dueNow.some(([, m]) => m.unchecked > 0)).toBe(true);
    expect(later.length).toBeGreaterThan(0);
    expect(events).toHaveLength(withHoses.length);
    const host = new URL(s.config.publicUrl).hostname;
    for (const [machineId, due] of withHoses) {
      const mine = events.filter((e) => e.uid === `${machineId}-dguv@${host}`);
      expect(mine, machineId).toHaveLength(1);
      const event = mine[0]!;
      const now = dueNow.some(([id]) => id === machineId);
      const day = now ? today : due.earliest!;
      expect(event.start.isDate).toBe(true);
      expect(event.start.toString()).toBe(day);
      expect(event.end.toString()).toBe(nextDay(day));
      expect(event.summary).toContain(link.customerName);
      expect(event.summary.startsWith('Überfällig – DGUV-Prüfung: ')).toBe(now);
      expect(event.description).toContain(
        `${s.config.publicUrl}/customer/${DEMO_CUSTOMER_ID}/machine/${machineId}`,
      );
      expect(event.description).toMatch(/^Schlauchleitungen: \d+\nAn diesem Tag fällig: [1-9]/);
      if (due.unchecked > 0)
        expect(event.description).toContain(`Davon noch nie geprüft: ${due.unchecked}`);
    }
    // The link shows when it was last used, never its token.
    const list = await call(buero, 'GET', '/api/calendar/tokens');
    expect(list.statusCode).toBe(200);
    const mine = (list.json() as Raw[]).find((l) => l.id === link.id);
    expect(mine).toMatchObject({ customerId: DEMO_CUSTOMER_ID, customerName: link.customerName });
    expect(mine?.lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(list.json())).not.toContain(tokenOf(link.url));
  });

  it('writes the texts in the language the link was made in', async () => {
    const link = await createLink(buero, DEMO_CUSTOMER_ID, 'en-gb');
    const { calendar, events } = parseEvents((await fetchFeed(link.url)).body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      `DGUV inspections – ${link.customerName}`,
    );
    expect(events.every((e) => /^(Overdue – )?DGUV inspection: /.test(e.summary))).toBe(true);
    expect(events.some((e) => e.summary.startsWith('Overdue – DGUV inspection: '))).toBe(true);
  });

  it('refuses a missing, unknown, replaced or revoked token', async () => {
    const first = await createLink(buero, DEMO_CUSTOMER_ID);
    const second = await createLink(buero, DEMO_CUSTOMER_ID);
    const base = `/api/calendar/customer/${DEMO_CUSTOMER_ID}/calendar.ics`;
    for (const url of [base, `${base}?token=`, feedPath(DEMO_CUSTOMER_ID, 'x'.repeat(43))]) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, code: 'token_invalid' });
    }
    // A new link to the same customer replaces the user's earlier one.
    expect((await fetchFeed(first.url)).statusCode).toBe(401);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    expect((await call(buero, 'DELETE', `/api/calendar/tokens/${second.id}`)).statusCode).toBe(204);
    expect((await fetchFeed(second.url)).statusCode).toBe(401);
    expect((await call(buero, 'DELETE', `/api/calendar/tokens/${second.id}`)).statusCode).toBe(404);
    const listed = (await call(buero, 'GET', '/api/calendar/tokens')).json() as Raw[];
    expect(listed.map((l) => l.id)).not.toContain(second.id);
  });

  it("refuses another customer's feed, and another user's link", async () => {
    // A customer user makes links to their own customer only.
    const refused = await call(kunde, 'POST', '/api/calendar/tokens', {
      customerId: DEMO_CUSTOMER_2_ID,
    });
    expect(refused.statusCode).toBe(403);
    const own = await createLink(kunde, DEMO_CUSTOMER_ID);
    expect((await fetchFeed(own.url)).statusCode).toBe(200);
    // Its token does not open another customer's feed.
    const other = await s.app.inject({
      method: 'GET',
      url: feedPath(DEMO_CUSTOMER_2_ID, tokenOf(own.url)),
    });
    expect(other.statusCode).toBe(403);
    // A staff link is for its customer only, too.
    const staff = await createLink(buero, DEMO_CUSTOMER_2_ID);
    const wrong = await s.app.inject({
      method: 'GET',
      url: feedPath(DEMO_CUSTOMER_ID, tokenOf(staff.url)),
    });
    expect(wrong.statusCode).toBe(403);
    // Nobody revokes someone else's link.
    expect((await call(kunde, 'DELETE', `/api/calendar/tokens/${staff.id}`)).statusCode).toBe(404);
    expect((await fetchFeed(staff.url)).statusCode).toBe(200);
    // Unknown customers and bad input.
    expect(
      (await call(buero, 'POST', '/api/calendar/tokens', { customerId: randomUUID() })).statusCode,
    ).toBe(404);
    expect(
      (await call(buero, 'POST', '/api/calendar/tokens', { customerId: 'nope' })).statusCode,
    ).toBe(400);
  });

  it('stops the links of a locked user and needs a signed-in user to manage links', async () => {
    const who = await actor(s, { roles: ['module-dguv'] });
    const link = await createLink(who.token, DEMO_CUSTOMER_ID);
    expect((await fetchFeed(link.url)).statusCode).toBe(200);
    await lockUser(s.db.kysely, who.id);
    expect((await fetchFeed(link.url)).statusCode).toBe(401);
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(null, method, '/api/calendar/tokens', {
        customerId: DEMO_CUSTOMER_ID,
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('leaves a retired hose out of its machine’s event (docs/hose-lifecycle.md)', async () => {
    const admin = cms(s, await actor(s, { roles: STAFF_ALL }));
    const [maker, machine, old, replacement] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const HOSE = 'machinepart/hosepipe';
    expect((await admin.create('manufacturer', { id: maker, name: 'Tausch' })).statusCode).toBe(
      201,
    );
    const made = await admin.create('machine', {
      id: machine,
      companyId: DEMO_CUSTOMER_2_ID,
      manufacturerId: maker,
      internalId: `SWAP-${machine.slice(-4)}`,
    });
    expect(made.statusCode, made.body).toBe(201);
    const hose = (id: string, extra: Record<string, unknown> = {}) => ({
      id,
      companyId: DEMO_CUSTOMER_2_ID,
      machineId: machine,
      position: 1,
      code: `CAL-${id.slice(-6)}`,
      ...extra,
    });
    expect((await admin.create(HOSE, hose(old))).statusCode).toBe(201);
    // Swapped before it was ever checked: the old one retired, the new one awaiting first use.
    const retired = await admin.patch(HOSE, old, {
      retiredAt: '2026-01-20',
      successorId: replacement,
    });
    expect(retired.statusCode, retired.body).toBe(200);
    const created = await admin.create(HOSE, hose(replacement, { predecessorId: old }));
    expect(created.statusCode, created.body).toBe(201);

    const link = await createLink(buero, DEMO_CUSTOMER_2_ID);
    const { events } = parseEvents((await fetchFeed(link.url)).body);
    const host = new URL(s.config.publicUrl).hostname;
    const event = events.find((e) => e.uid === `${machine}-dguv@${host}`);
    expect(event?.description).toMatch(/^Schlauchleitungen: 1\nAn diesem Tag fällig: 1\n/);
    expect(event?.description).toContain('Davon noch nie geprüft: 1');
  });
});
