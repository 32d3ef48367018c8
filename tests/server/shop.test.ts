/**
 * DGUV stats of the shop API on the demo data, against an independent count of the stored
 * rows, and the customer scope (404 for another company's ids and for unknown ones).
 */
import type { StoredColumns, TableEntity } from '@server/db/entity-tables';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_2_ID } from '@server/modules/demo/demo-data';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { MONTHS, plusMonths } from '../helpers/calendar-days';
import { actor } from '../helpers/cms';
import { login } from '../helpers/oidc-login';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { liveRows, shopCall } from '../helpers/shop';

type Raw = StoredColumns;
let s: TestServer;
let kunde: string;
let buero: string;
let other: string;

const call = (...a: Parameters<typeof shopCall> extends [unknown, ...infer R] ? R : never) =>
  shopCall(s, ...a);
const rows = (table: TableEntity) => liveRows(s, table);

const WARNING = 'Lagerzeiten und Verwendungsdauer überschritten';

/** The stats counted here from the raw rows, without the server's code. */
async function expectedStats(inScope: (pipe: Raw, machine: Raw) => boolean) {
  const machines = new Map((await rows('machine')).map((m) => [m.id, m]));
  const audits = new Map((await rows('dguvAudit')).map((a) => [a.id, a]));
  const answers = (await rows('dguvAnswer')).filter((a) => audits.has(a.auditId));
  const today = new Date().toISOString().slice(0, 10);
  const out = { checkedPipes: 0, totelPipes: 0, errorPipes: 0, warningPipes: 0, successPipes: 0 };
  for (const pipe of await rows('pipe')) {
    const machine = machines.get(pipe.machineId);
    if (!machine || !inScope(pipe, machine)) continue;
    out.totelPipes += 1;
    const key = (a: Raw) => `${String(audits.get(a.auditId)?.startDate)}|${String(a.performedAt)}`;
    const latest = answers
      .filter((a) => a.pipeId === pipe.id)
      .sort((a, b) => (key(a) < key(b) ? -1 : 1))
      .at(-1);
    if (!latest) continue;
    const values = JSON.parse(String(latest.answer)) as string[];
    if (values.length === 1 && values[0] === 'OK') out.successPipes += 1;
    else if (values.every((v) => v === WARNING)) out.warningPipes += 1;
    else out.errorPipes += 1;
    const interval = pipe.isCritical ? machine.dguvIntervalCritical : machine.dguvInterval;
    const day = String(audits.get(latest.auditId)?.startDate).slice(0, 10);
    if (plusMonths(day, MONTHS[String(interval)] ?? 0) >= today) out.checkedPipes += 1;
  }
  return out;
}

describe.each(testDatabases())('on $name', ({ env }) => {
  beforeAll(async () => {
    s = await startTestServer(env);
    kunde = (await login(s.app, s.config, 'kunde')).accessToken;
    buero = (await login(s.app, s.config, 'buero')).accessToken;
    other = (await actor(s, { customer: DEMO_CUSTOMER_2_ID })).token;
  });
  afterAll(() => s?.close());

  describe('GET /api/shop/dguv-stats', () => {
    it('counts a machine, the customers and a location like the stored rows say', async () => {
      const audit = (await rows('dguvAudit')).find((a) => a.state === 'APPROVED');
      const machineId = String(audit?.machineId);
      const location = (await rows('location')).find(
        (l) => l.companyId === DEMO_CUSTOMER_ID && l.type === 'MAIN',
      );
      const cases: Array<[string, (p: Raw, m: Raw) => boolean]> = [
        [`machine/${machineId}`, (p) => p.machineId === machineId],
        [`customer/${DEMO_CUSTOMER_ID}`, (p) => p.companyId === DEMO_CUSTOMER_ID],
        [`customer/${DEMO_CUSTOMER_2_ID}`, (p) => p.companyId === DEMO_CUSTOMER_2_ID],
        [`location/${String(location?.id)}`, (_p, m) => m.locationId === location?.id],
      ];
      for (const [path, inScope] of cases) {
        const res = await call(buero, 'GET', `/dguv-stats/${path}`);
        expect(res.statusCode, path).toBe(200);
        expect(res.json(), path).toEqual(await expectedStats(inScope));
      }
      const machine = (await call(kunde, 'GET', `/dguv-stats/machine/${machineId}`)).json();
      expect(machine.successPipes).toBeGreaterThan(0);
      expect(machine.warningPipes).toBeGreaterThan(0);
      expect(machine.errorPipes).toBeGreaterThan(0);
      // Its critical hoses are checked monthly and the audit is two months old.
      expect(machine.checkedPipes).toBeLessThan(machine.totelPipes);
    });

    it('answers 404 for another company, unknown ids and unknown scopes', async () => {
      const machine = (await rows('machine')).find((m) => m.companyId === DEMO_CUSTOMER_ID);
      const location = (await rows('location')).find((l) => l.companyId === DEMO_CUSTOMER_ID);
      for (const path of [
        `machine/${String(machine?.id)}`,
        `customer/${DEMO_CUSTOMER_ID}`,
        `location/${String(location?.id)}`,
      ]) {
        const res = await call(other, 'GET', `/dguv-stats/${path}`);
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
        expect((await call(kunde, 'GET', `/dguv-stats/${path}`)).statusCode).toBe(200);
      }
      expect(
        (await call(other, 'GET', `/dguv-stats/customer/${DEMO_CUSTOMER_2_ID}`)).statusCode,
      ).toBe(200);
      for (const path of [`machine/${randomUUID()}`, 'customer/nope', `pipe/${DEMO_CUSTOMER_ID}`]) {
        expect((await call(buero, 'GET', `/dguv-stats/${path}`)).statusCode, path).toBe(404);
      }
    });
  });

  /** The unit price of a demo hose, its products looked up here (cheapest exact-DN match). */
});
