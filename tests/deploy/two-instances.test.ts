// @vitest-environment node
/**
 * The deployment of deploy/README.md, run for real: PostgreSQL, two instances of the compiled
 * server (each with its own data directory, as on two machines) started together on the empty
 * database, and Debian's HAProxy with deploy/haproxy.cfg in front. Everything goes through the
 * balancer, round robin; which instance answered is read from the request id it gave, and the
 * next request is steered to the other one by round robin itself (`steerTo`).
 */
import pg from 'pg';
import { create } from 'zustand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { openDatabase } from '@db/database';
import { SyncEngine } from '@sync/engine';
import { createMutator } from '@sync/mutate';
import { initialSyncStatus, type SyncStatus } from '@sync/sync-store';
import { multipart, tinyJpeg, tinyPng } from '../helpers/files';
import { pdfImages, pdfText } from '../helpers/pdf';
import { freshPostgres } from '../helpers/server';
import {
  buildServer,
  Deployment,
  haproxyBinary,
  openLoginPage,
  signIn,
  submitLogin,
  type Instance,
} from '../helpers/two-instances';

const BALANCER_PORT = 8409;
const INSTANCE_PORTS: [number, number] = [8419, 8429];
/** Mutations one device pushes while an instance is killed. */
const PUSHED = 400;

function environment(): string | null {
  const url = inject('databaseUrl');
  const missing = !url ? 'PostgreSQL' : !haproxyBinary() ? 'haproxy' : null;
  if (missing && process.env.CI) throw new Error(`CI needs ${missing} (.ci/run installs it)`);
  if (missing) console.warn(`No ${missing}: the two-instance deployment test is skipped`);
  return missing ? null : url;
}

const databaseUrl = environment();

describe.skipIf(!databaseUrl)('two instances behind HAProxy on PostgreSQL', () => {
  let deployment: Deployment;
  let removeBuild = () => undefined as void;
  let drop = async () => undefined as void;
  let db: string;
  let a: Instance;
  let b: Instance;
  let technician: { token: string; userId: string };
  let office: { token: string; userId: string };

  const bearer = (token: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    ...extra,
  });
  const json = (token: string, body: unknown) => ({
    method: 'POST',
    headers: bearer(token, { 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });
  /** A CMS write through the balancer; fails the test unless it succeeded. */
  async function write(token: string, method: string, url: string, body: unknown) {
    const answer = await deployment.request(`/api/cms/${url}`, {
      ...json(token, body),
      method,
    });
    expect(answer.res.status, `${method} ${url}: ${answer.body.toString()}`).toBeLessThan(300);
    return answer;
  }
  async function upload(token: string, entityPath: string, rowId: string, bytes: Buffer) {
    const id = uuidv7();
    const { payload, headers } = multipart([
      { name: 'id', value: id },
      { name: 'file', value: bytes, filename: 'bild.jpg', type: 'image/jpeg' },
    ]);
    const answer = await deployment.request(`/api/cms/${entityPath}/${rowId}/file`, {
      method: 'POST',
      headers: bearer(token, headers as Record<string, string>),
      body: payload,
    });
    expect(answer.res.status, answer.body.toString()).toBe(201);
    return { id, by: answer.by };
  }

  beforeAll(async () => {
    const build = buildServer();
    removeBuild = build.remove;
    const fresh = await freshPostgres(databaseUrl!);
    db = fresh.url;
    drop = fresh.drop;
    deployment = new Deployment({
      main: build.main,
      databaseUrl: db,
      balancerPort: BALANCER_PORT,
      instancePorts: INSTANCE_PORTS,
    });
    await deployment.start();
    [a, b] = deployment.instances as [Instance, Instance];
  }, 120_000);

  afterAll(async () => {
    await deployment?.stop();
    await drop();
    removeBuild();
  });

  it('signs in with the code flow while the requests alternate between the instances', async () => {
    technician = await signIn(deployment.url, 'techniker');
    office = await signIn(deployment.url, 'buero');
    const answered = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const { res, body, by } = await deployment.request('/api/auth/session', {
        headers: bearer(technician.token),
      });
      expect(res.status, body.toString()).toBe(200);
      answered.add(by!.name);
    }
    expect([...answered].sort()).toEqual([a.name, b.name]);
  });

  it('tells a device listening on one instance of a write on the other', async () => {
    await deployment.steerTo(a);
    const controller = new AbortController();
    const stream = await fetch(`${deployment.url}/api/sync/events`, {
      headers: bearer(office.token),
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let heard = '';
    const hear = async (what: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!heard.includes(what)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), left)),
        ]);
        if (!chunk || chunk.done) return heard.includes(what);
        heard += decoder.decode(chunk.value, { stream: true });
      }
      return true;
    };
    expect(await hear('event: ready', 5_000)).toBe(true);
    heard = '';
    // The stream went to `a`, so round robin sends this write to `b`.
    const started = Date.now();
    const company = await write(office.token, 'POST', 'company/create', {
      data: { id: uuidv7(), name: 'Zweitinstanz GmbH' },
    });
    expect(company.by?.name).toBe(b.name);
    expect(await hear('event: change', 5_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    controller.abort();
  });

  it('locks a user out after five wrong passwords in total, through both instances', async () => {
    for (let i = 0; i < 5; i++) {
      const page = await openLoginPage(deployment.url);
      await deployment.steerTo(i % 2 === 0 ? a : b);
      const res = await submitLogin(page, 'kunde', 'falsch');
      expect(res.status, `attempt ${i + 1}`).toBe(200);
      expect(res.body).toContain('Benutzername oder Passwort ist falsch.');
    }
    for (const instance of [a, b]) {
      const page = await openLoginPage(deployment.url);
      await deployment.steerTo(instance);
      const res = await submitLogin(page, 'kunde', 'demo');
      expect(res.status).toBe(200);
      expect(res.body).toContain('Zu viele fehlgeschlagene Versuche');
    }
  });

  it('files served by every instance', async () => {
    const staff = office.token;
    const company = uuidv7();
    const manufacturer = uuidv7();
    const machine = uuidv7();
    const pipe = uuidv7();
    await write(staff, 'POST', 'company/create', { data: { id: company, name: 'Bild KG' } });
    await write(staff, 'POST', 'manufacturer/create', { data: { id: manufacturer, name: 'H' } });
    await write(staff, 'POST', 'machine/create', {
      data: { id: machine, companyId: company, manufacturerId: manufacturer, internalId: 'B-1' },
    });
    await write(staff, 'POST', 'machinepart/hosepipe/create', {
      data: {
        id: pipe,
        companyId: company,
        machineId: machine,
        position: 1,
        code: 'BILD-1',
        length: 1000,
        dn: 10,
        maxPn: 250,
        productionDate: '2025-06-01',
      },
    });
    const audit = uuidv7();
    const now = () => new Date().toISOString();
    await write(technician.token, 'POST', 'audit/dguv/create', {
      data: {
        id: audit,
        companyId: company,
        machineId: machine,
        startDate: '2026-11-20 09:30:00',
        auditor: 'Tom Techniker',
        auditorUserId: 'set-by-the-server',
        performedAt: now(),
      },
    });
    const answer = uuidv7();
    await write(technician.token, 'POST', 'audit/dguvhosepipeanswer/create', {
      data: {
        id: answer,
        companyId: company,
        auditId: audit,
        pipeId: pipe,
        answer: ['Undichte Stellen'],
        protectionRecommended: false,
        replaceHose: true,
        performedAt: now(),
      },
    });

    // The photo, uploaded on `a`, read through the balancer from both.
    const photoBytes = tinyJpeg();
    await deployment.steerTo(a);
    const photo = await upload(technician.token, 'audit/dguvhosepipeanswer', answer, photoBytes);
    expect(photo.by?.name).toBe(a.name);
    await write(technician.token, 'PATCH', `audit/dguvhosepipeanswer/update/${answer}`, {
      data: { photoIds: [photo.id] },
    });
    const photos = [];
    for (const instance of [b, a]) {
      await deployment.steerTo(instance);
      photos.push(
        await deployment.request(
          `/api/cms/audit/dguvhosepipeanswer/${answer}/file?file=${photo.id}`,
          { headers: bearer(staff) },
        ),
      );
    }
    expect(photos.map((p) => [p.by?.name, p.res.status])).toEqual([
      [b.name, 200],
      [a.name, 200],
    ]);
    expect(photos.every((p) => p.body.equals(photoBytes))).toBe(true);
    expect(photos[0]!.res.headers.get('etag')).toBe(photos[1]!.res.headers.get('etag'));

    // The signature, uploaded on `a`; the approved report made on its first request, on `b`.
    const signature = uuidv7();
    await deployment.steerTo(a);
    const image = await upload(technician.token, 'audit/signature', signature, tinyPng());
    expect(image.by?.name).toBe(a.name);
    await write(technician.token, 'POST', 'audit/signature/create', {
      data: {
        id: signature,
        companyId: company,
        auditor: 'Tom Techniker',
        name: 'audit-signature.png',
        referenceDate: now(),
        content: image.id,
      },
    });
    await write(technician.token, 'PATCH', `audit/dguv/update/${audit}`, {
      data: { state: 'COMPLETE', signatureId: signature },
    });
    await write(staff, 'PATCH', `audit/dguv/update/${audit}`, { data: { state: 'APPROVED' } });
    const reports = [];
    for (const instance of [b, a]) {
      await deployment.steerTo(instance);
      reports.push(
        await deployment.request(`/api/cms/audit/dguv/${audit}`, { headers: bearer(staff) }),
      );
    }
    expect(reports.map((r) => [r.by?.name, r.res.status])).toEqual([
      [b.name, 200],
      [a.name, 200],
    ]);
    expect(reports[0]!.body.equals(reports[1]!.body)).toBe(true);
    expect(reports[0]!.res.headers.get('etag')).toBe(reports[1]!.res.headers.get('etag'));
    const text = await pdfText(reports[0]!.body);
    expect(text).not.toContain('Unterschrift nicht verfügbar');
    expect(text).not.toContain('Foto nicht verfügbar');
    // The photo and the signature are drawn.
    expect((await pdfImages(reports[0]!.body)).drawn).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('loses nothing and doubles nothing when an instance is killed in the middle of a push', async () => {
    const company = uuidv7();
    const manufacturer = uuidv7();
    const machine = uuidv7();
    await write(office.token, 'POST', 'company/create', { data: { id: company, name: 'Kill AG' } });
    await write(office.token, 'POST', 'manufacturer/create', {
      data: { id: manufacturer, name: 'K' },
    });
    await write(office.token, 'POST', 'machine/create', {
      data: { id: machine, companyId: company, manufacturerId: manufacturer, internalId: 'K-1' },
    });
    const device = openDatabase(`two-instances-${uuidv7()}`);
    let pushSent: (() => void) | null = null;
    const engine = new SyncEngine({
      db: device,
      fetch: (input, init) => {
        if (String(input).includes('/api/sync/push')) pushSent?.();
        return fetch(input, init);
      },
      baseUrl: deployment.url,
      getToken: () => office.token,
      getUserId: () => office.userId,
      locks: null,
      random: () => 0,
      store: create<SyncStatus>()(() => ({ ...initialSyncStatus })),
    });
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' }); // the machine, pulled
    const mutate = createMutator({ db: device, getUserId: () => office.userId });
    for (let i = 1; i <= PUSHED; i++) {
      await mutate.create('pipe', {
        machineId: machine,
        position: i,
        code: `KILL-${String(i).padStart(6, '0')}`,
      });
    }

    // The instance whose database connection holds a push's open transaction is killed.
    const watcher = new pg.Client({ connectionString: db });
    await watcher.connect();
    const sent = new Promise<void>((resolve) => (pushSent = resolve));
    const running = engine.syncOnce();
    await sent;
    let victim: Instance | undefined;
    const deadline = Date.now() + 10_000;
    while (!victim && Date.now() < deadline) {
      const { rows } = await watcher.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
          where application_name in ($1, $2) and backend_xid is not null and state <> 'idle'`,
        [a.name, b.name],
      );
      victim = deployment.instances.find((i) => i.name === rows[0]?.name);
    }
    expect(victim, 'no push transaction seen').toBeDefined();
    await deployment.kill(victim!);
    const outcome = await running;
    expect(outcome.kind).toBe('retry');

    // The device sends again; the balancer has only the other instance left.
    for (let i = 0; i < 10 && (await device.outbox.count()) > 0; i++) {
      const again = await engine.syncOnce();
      if (again.kind !== 'ok') await new Promise((r) => setTimeout(r, 500));
    }
    expect(await device.outbox.count()).toBe(0);
    const { rows } = await watcher.query<{ code: string; n: string }>(
      `select code, count(*) as n from pipe where code like 'KILL-%' group by code`,
    );
    await watcher.end();
    expect(rows).toHaveLength(PUSHED);
    expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
    await device.delete();
  }, 90_000);
});
