/**
 * One DGUV rule on both sides: the same rows, written through the real server and pulled onto
 * a device database, give every hose the same status on the device (src/db/dguv-status-reads, the
 * offline lists and dashboards) and on the server (the shop API's dguv-stats) — including the
 * tie-breaks of rules/dguv-status: a later audit, then a later check, then the higher id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type SchlauchDb } from '@db/database';
import { dguvStats, pipeStatuses, pipesInScope } from '@db/dguv-status-reads';
import { uuidv7 } from '@domain/ids';
import { pullResponseSchema } from '@domain/sync-contract';
import { applyPage } from '@sync/pull';
import { pipeStatusesInScope } from '@server/modules/shop/dguv-stats';
import { cms as shopDb } from '@server/modules/shop/shop.repository';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

const LEAK = 'Undichte Stellen';
const WARNING = 'Lagerzeiten und Verwendungsdauer überschritten';
const NOW = '2026-04-15T10:00:00.000Z';
const JAN = '2026-01-10 08:00:00';
const MAR = '2026-03-01 08:00:00';
const APR = '2026-04-01 08:00:00';
const T1 = '2026-03-01T08:10:00.000Z';
const T2 = '2026-03-01T08:20:00.000Z';
const T3 = '2026-03-01T09:00:00.000Z';

describe.each(testDatabases())('device and server DGUV status on $name', ({ env }) => {
  let s: TestServer;
  let staff: Actor;
  let api: ReturnType<typeof cms>;
  let device: SchlauchDb;
  const company = uuidv7();
  const m1 = uuidv7();
  const m2 = uuidv7();
  const hose: Record<string, string> = {};

  const ok = (res: { statusCode: number; body: string }, code = 201) => {
    expect(res.statusCode, res.body).toBe(code);
  };

  /** A running audit; each by its own technician (one running audit per user). */
  async function startAudit(machineId: string, startDate: string) {
    const id = uuidv7();
    const tech = cms(s, await actor(s, { roles: ['module-dguv'] }));
    ok(
      await tech.create('audit/dguv', {
        id,
        companyId: company,
        machineId,
        startDate,
        auditor: 'Tom Techniker',
        auditorUserId: 'x',
        performedAt: T1,
      }),
    );
    return id;
  }

  async function check(auditId: string, pipe: string, answer: string[], performedAt: string) {
    const id = uuidv7();
    await checkWithId(id, auditId, pipe, answer, performedAt);
    return id;
  }

  async function checkWithId(
    id: string,
    auditId: string,
    pipe: string,
    answer: string[],
    performedAt: string,
  ) {
    ok(
      await api.create('audit/dguvhosepipeanswer', {
        id,
        companyId: company,
        auditId,
        pipeId: hose[pipe],
        answer,
        protectionRecommended: false,
        replaceHose: answer[0] !== 'OK',
        // Some hoses are past their service life: OK then stands with the documented extension.
        ...(answer[0] === 'OK' ? { extensionReason: 'Gefährdungsbeurteilung vorhanden' } : {}),
        // Most hoses have no production date: their check says how their age was judged.
        comment: 'Alter nach Schlauchaufdruck beurteilt',
        performedAt,
      }),
    );
  }

  /** The device's first sync: every page of the pull feed applied as the app applies it. */
  async function pullEverything(db: SchlauchDb) {
    let cursor: string | null = null;
    for (;;) {
      const query = new URLSearchParams({ limit: '500', ...(cursor ? { cursor } : {}) });
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/sync/pull?${query}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      ok(res, 200);
      const page = pullResponseSchema.parse(res.json());
      await applyPage(db, page);
      if (!page.hasMore) return;
      cursor = page.nextCursor;
    }
  }

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    staff = await actor(s, { roles: STAFF_ALL });
    api = cms(s, staff);
    const maker = uuidv7();
    ok(await api.create('company', { id: company, name: 'Paritätskunde' }));
    ok(await api.create('manufacturer', { id: maker, name: 'Hersteller Parität' }));
    ok(
      await api.create('machine', {
        id: m1,
        companyId: company,
        manufacturerId: maker,
        internalId: 'P-1',
      }),
    );
    ok(
      await api.create('machine', {
        id: m2,
        companyId: company,
        manufacturerId: maker,
        internalId: 'P-2',
        dguvInterval: 'QUARTER',
        dguvIntervalCritical: 'MONTH',
      }),
    );
    const pipes: [string, string, Record<string, unknown>][] = [
      ['laterAudit', m1, {}],
      ['sameStart', m1, {}],
      ['secondTech', m1, {}],
      ['idTieDefect', m1, {}],
      ['idTieOk', m1, {}],
      ['corrected', m1, {}],
      ['deletedAudit', m1, { productionDate: '2019-05-01' }],
      ['never', m1, {}],
      ['deletedHose', m1, {}],
      ['critical', m2, { isCritical: true, productionDate: '2023-01-01' }],
    ];
    for (const [i, [name, machineId, extra]] of pipes.entries()) {
      hose[name] = uuidv7();
      ok(
        await api.create('machinepart/hosepipe', {
          id: hose[name],
          companyId: company,
          machineId,
          position: i + 1,
          code: `PA-${String(i).padStart(6, '0')}`,
          ...extra,
        }),
      );
    }

    const jan = await startAudit(m1, JAN);
    const mar = await startAudit(m1, MAR);
    const marToo = await startAudit(m1, MAR);
    // A later audit wins although this check's device clock is ahead of the next audit's.
    await check(jan, 'laterAudit', ['OK'], '2026-05-01T00:00:00.000Z');
    await check(mar, 'laterAudit', [LEAK], T1);
    // Two audits started the same second: the later check wins.
    await check(mar, 'sameStart', ['OK'], T2);
    await check(marToo, 'sameStart', [WARNING], T1);
    // A second technician's later check in the same audit wins, even an OK over a defect.
    await check(mar, 'secondTech', [LEAK], T1);
    await check(mar, 'secondTech', ['OK'], T2);
    // Same audit, same instant: the higher id wins, whichever result it has.
    const [low, high] = [uuidv7(), uuidv7()].sort();
    await checkWithId(low!, mar, 'idTieDefect', ['OK'], T1);
    await checkWithId(high!, mar, 'idTieDefect', [LEAK], T1);
    const [low2, high2] = [uuidv7(), uuidv7()].sort();
    await checkWithId(high2!, mar, 'idTieOk', ['OK'], T1);
    await checkWithId(low2!, mar, 'idTieOk', [LEAK], T1);
    // A correction updates the check with a new answer and device time.
    const wrong = await check(mar, 'corrected', [LEAK], T1);
    ok(
      await api.patch('audit/dguvhosepipeanswer', wrong, { answer: ['OK'], performedAt: T3 }),
      200,
    );
    // A cancelled (deleted) audit's checks count nowhere.
    const cancelled = await startAudit(m1, APR);
    await check(cancelled, 'deletedAudit', ['OK'], T1);
    await check(cancelled, 'laterAudit', ['OK'], T1);
    ok(await api.remove('audit/dguv', cancelled), 200);
    // A deleted hose is out of every scope.
    await check(mar, 'deletedHose', ['OK'], T1);
    ok(await api.remove('machinepart/hosepipe', hose.deletedHose!), 200);
    const m2Audit = await startAudit(m2, MAR);
    await check(m2Audit, 'critical', [WARNING], T1);

    device = openDatabase(`dguv-parity-${uuidv7()}`);
    await pullEverything(device);
  });

  afterAll(async () => {
    await device?.delete();
    await s?.close();
  });

  it('gives every hose the same status on the device and on the server', async () => {
    const pipes = await pipesInScope(device, { companyId: company });
    const onDevice = await pipeStatuses(device, pipes, NOW);
    const onServer = await pipeStatusesInScope(shopDb(s.db), 'customer', company, new Date(NOW));
    expect(onDevice.size).toBe(9);
    expect(Object.fromEntries(onDevice)).toEqual(Object.fromEntries(onServer));
  });

  it('picks the latest check by audit start, then check time, then id', async () => {
    const pipes = await pipesInScope(device, { companyId: company });
    const statuses = await pipeStatuses(device, pipes, NOW);
    const by = (name: string) => statuses.get(hose[name]!);
    expect(
      Object.fromEntries(
        Object.keys(hose).map((name) => [name, by(name)?.lastCheck?.answer ?? null]),
      ),
    ).toEqual({
      laterAudit: [LEAK],
      sameStart: ['OK'],
      secondTech: ['OK'],
      idTieDefect: [LEAK],
      idTieOk: ['OK'],
      corrected: ['OK'],
      deletedAudit: null,
      never: null,
      deletedHose: null,
      critical: [WARNING],
    });
    expect(by('deletedAudit')).toMatchObject({ overdue: true, serviceLifeExceeded: true });
    expect(by('critical')).toMatchObject({
      nextDue: '2026-04-01',
      overdue: true,
      serviceLifeExceeded: true,
    });
    expect(by('corrected')).toMatchObject({ nextDue: '2027-03-01', overdue: false });
  });

  it('counts the same DGUV stats on the device as the shop API', async () => {
    for (const [path, scope] of [
      [`customer/${company}`, { companyId: company }],
      [`machine/${m1}`, { machineId: m1 }],
      [`machine/${m2}`, { machineId: m2 }],
    ] as const) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/shop/dguv-stats/${path}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      ok(res, 200);
      expect(await dguvStats(device, scope), path).toEqual(res.json());
    }
  });
});
