/**
 * One end-to-end scenario for the browser engines other than Chromium (docs/testing.md,
 * "Firefox and WebKit lanes"), written against the small driver of driver.ts:
 *
 * 1. the technician signs in through the embedded identity provider;
 * 2. a change written on the server by another client appears on the open machine screen
 *    without a reload (the live channel);
 * 3. with the server stopped (nothing answers: the network is gone as far as the page can
 *    tell), a reload opens the app from the service worker's cache, still signed in;
 * 4. still without a server, a DGUV check of a hose with a photo, finished and signed;
 * 5. the server back, the device sends it: the server holds the audit, its one answer with
 *    the photo and the signature, each exactly once;
 * 6. the customer (a second device) orders a replacement hose, goes to the cart and checks out;
 *    the server holds the order awaiting approval.
 */
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import type { Engine, EngineDriver } from './driver';

export const DEMO_CUSTOMER = '01936b2e-0000-7000-8000-00000000c001';
/** A demo machine of the customer at a location (ordering is per location). */
const DEMO_MACHINE = '01936b2e-0005-7000-8000-000000000004';

/** The lane's server, which the scenario stops and starts again (same data) to cut the network. */
export interface LaneServer {
  readonly baseUrl: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export type Log = (message: string) => void;

function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

/**
 * Sets `sw` to the service worker registration's states, for a timed-out wait: no active
 * worker means its install failed; an active one without a controller, a page never claimed.
 */
const SERVICE_WORKER_STATE = `
  const reg = navigator.serviceWorker ? await navigator.serviceWorker.getRegistration() : undefined;
  const sw = reg
    ? 'service worker: installing ' + (reg.installing ? reg.installing.state : '-') +
      ', waiting ' + (reg.waiting ? reg.waiting.state : '-') +
      ', active ' + (reg.active ? reg.active.state : '-') +
      ', controls the page ' + !!navigator.serviceWorker.controller
    : 'service worker: no registration';`;

/** Polls the page until `body` answers truthy; fails with `what` after `ms`. */
async function waitFor<T>(
  d: EngineDriver,
  what: string,
  body: string,
  args: readonly unknown[] = [],
  ms = 30_000,
): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await d.run<T>(body, args);
      if (value) return value;
    } catch (error) {
      // A navigation in progress destroys the script's context: try again.
      last = error;
    }
    if (Date.now() > until) {
      // What the page shows, to tell a slow step from a broken one.
      const shown = await d
        .run<string>(
          `${SERVICE_WORKER_STATE} return sw + '\\n' + (window.__e2eErrors || []).join('\\n') + '\\n' + location.href + '\\n' + document.body.innerText.slice(0, 300) + ' … ' + document.body.innerText.slice(-900);`,
        )
        .catch(() => '(unreadable)');
      throw new Error(
        `timed out waiting for ${what}${last ? ` (${String(last)})` : ''}; the page: ${shown}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function eventually<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Marks the first visible element matching `css` whose accessible name matches `pattern`
 * (optionally inside a container of `withinCss` named by `withinPattern`) with `data-e2e`,
 * so the driver can click it; answers whether one was found.
 */
const MARK = `
  const [css, pattern, withinCss, withinPattern] = args;
  const text = (id) => document.getElementById(id)?.textContent ?? '';
  const nameOf = (el) => (
    el.getAttribute('aria-label') ||
    (el.getAttribute('aria-labelledby') || '').split(' ').map(text).join(' ') ||
    [...(el.labels ?? [])].map((l) => l.textContent).join(' ') ||
    el.textContent || ''
  ).replace(/\\s+/g, ' ').trim();
  const visible = (el) => el.getClientRects().length > 0 || el.type === 'checkbox' || el.type === 'radio';
  for (const old of document.querySelectorAll('[data-e2e]')) old.removeAttribute('data-e2e');
  let scopes = [document];
  if (withinCss) {
    scopes = [...document.querySelectorAll(withinCss)].filter((s) => new RegExp(withinPattern).test(nameOf(s)));
  }
  for (const scope of scopes) {
    const el = [...scope.querySelectorAll(css)].find((e) => visible(e) && new RegExp(pattern).test(nameOf(e)));
    if (el) { el.setAttribute('data-e2e', '1'); return true; }
  }
  return false;
`;

/** WebKitGTK's driver has no console channel: the page's errors are kept for a failure's report. */
const HOOK_ERRORS = `
  if (!window.__e2eErrors) {
    const errors = (window.__e2eErrors = []);
    const original = console.error;
    console.error = (...a) => { errors.push(a.map((x) => String(x && x.stack || x)).join(' ')); original(...a); };
    addEventListener('error', (e) => errors.push('error: ' + e.message));
    addEventListener('unhandledrejection', (e) => errors.push('rejection: ' + String(e.reason && e.reason.stack || e.reason)));
  }
  return true;`;

const BUTTON = 'button, [role=button]';
const LINK = 'a[href], [role=link]';

async function clickNamed(
  d: EngineDriver,
  css: string,
  pattern: string,
  within?: [string, string],
) {
  await waitFor(d, `${css} “${pattern}”`, MARK, [css, pattern, ...(within ?? [])]);
  await d.click('[data-e2e="1"]');
}

/**
 * Marks the first visible option of the select labelled `args[0]`: in its own list (the one
 * its input controls), not a list another select is still closing. Answers `true` when
 * marked; otherwise what is under the middle of the select, so that a failure names a notice
 * that took the click.
 */
const MARK_OPTION = `
  const input = [...document.querySelectorAll('input[role=combobox]')].find((el) =>
    [...(el.labels ?? [])].some((l) => l.textContent.startsWith(args[0])));
  if (!input) return 'no select';
  for (const old of document.querySelectorAll('[data-e2e]')) old.removeAttribute('data-e2e');
  const list = document.getElementById(input.getAttribute('aria-controls') || '');
  const option = list && [...list.querySelectorAll('[role=option]')].find((o) => o.getClientRects().length > 0);
  if (option) { option.setAttribute('data-e2e', '1'); return true; }
  const box = input.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return top === input ? false : 'covered by ' + (top ? top.outerHTML.slice(0, 160) : 'nothing');`;

/**
 * Opens the select labelled `label` and marks its first option. The customer's addresses and
 * contacts are on the device before the checkout opens (signIn waits for the first sync), so a
 * list that does not open means the click went elsewhere: the failure says where.
 */
async function openOptions(d: EngineDriver, label: string) {
  await clickNamed(d, 'input[role=combobox]', `^${label}`);
  let last: unknown = false;
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    last = await d.run<true | false | string>(MARK_OPTION, [label]).catch(String);
    if (last === true) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the options of ${label} did not show (${String(last)})`);
}

const HAS_TEXT = `return document.body && document.body.innerText.includes(args[0]);`;
const TEST_ID_TEXT = `
  const el = document.querySelector('[data-testid="' + args[0] + '"]');
  return el ? el.textContent.trim() : null;`;

function waitText(d: EngineDriver, text: string, ms = 30_000) {
  return waitFor(d, `the text “${text}”`, HAS_TEXT, [text], ms);
}

async function waitUrl(d: EngineDriver, pattern: RegExp, ms = 30_000): Promise<string> {
  return eventually(
    `a URL like ${pattern}`,
    async () => {
      const url = await d.url();
      return pattern.test(url) ? url : undefined;
    },
    ms,
  );
}

/** Reads a count from the device's IndexedDB (the outbox, or the photos still to upload). */
const DEVICE_COUNT = `
  const [storeName, index, key] = args;
  return await new Promise((resolve, reject) => {
    const open = indexedDB.open('schlauchmanager');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const store = open.result.transaction(storeName, 'readonly').objectStore(storeName);
      const count = index ? store.index(index).count(key) : store.count();
      count.onsuccess = () => { resolve(count.result); open.result.close(); };
      count.onerror = () => reject(count.error);
    };
  });`;

const STORED_TOKEN = `
  return await new Promise((resolve, reject) => {
    const open = indexedDB.open('schlauchmanager');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction('sessions', 'readonly').objectStore('sessions').get('current');
      get.onsuccess = () => { resolve(get.result ? get.result.accessToken : null); open.result.close(); };
      get.onerror = () => reject(get.error);
    };
  });`;

const FIRST_SYNC_DONE = `
  return await new Promise((resolve, reject) => {
    const open = indexedDB.open('schlauchmanager');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction('meta', 'readonly').objectStore('meta').get('lastSyncAt');
      get.onsuccess = () => { resolve(!!get.result); open.result.close(); };
      get.onerror = () => reject(get.error);
    };
  });`;

/** Polled: a page the service worker controls (an install still running answers false). */
const SERVICE_WORKER_READY = `return !!navigator.serviceWorker.controller;`;

/** The docs/api.md calls, from Node with a user's token (what the server really holds). */
class Api {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call(method: string, path: string, data?: unknown): Promise<unknown> {
    const res = await fetch(`${this.baseUrl}/api/cms/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(data === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const type = res.headers.get('content-type') ?? '';
    return type.includes('json') ? res.json() : res.text();
  }

  async rows(entity: string, filter: { key: string; param: string; value: unknown }[] = []) {
    const body = (await this.call('POST', `${entity}/query`, {
      parameter: { page: 1, limit: -1, query: { type: 'AND', filter } },
    })) as { data?: Record<string, unknown>[] } | Record<string, unknown>[];
    return Array.isArray(body) ? body : (body.data ?? []);
  }

  async create(entity: string, data: Record<string, unknown>) {
    const body = (await this.call('POST', `${entity}/create`, { data })) as {
      id?: string;
      data?: { id: string };
    };
    return body.id ?? body.data?.id ?? '';
  }

  update(entity: string, id: string, data: Record<string, unknown>) {
    return this.call('PATCH', `${entity}/update/${id}`, { data });
  }

  delete(entity: string, id: string) {
    return this.call('DELETE', `${entity}/delete/${id}`);
  }

  async file(path: string): Promise<{ status: number; type: string }> {
    const res = await fetch(`${this.baseUrl}/api/cms/${path}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    await res.arrayBuffer();
    return { status: res.status, type: res.headers.get('content-type') ?? '' };
  }
}

/**
 * Moves within the app as its own links do (the router follows the history), not by loading
 * a page: WebKitGTK has left IndexedDB stalled for a page loaded while the last one was still
 * busy with it.
 */
async function open(d: EngineDriver, path: string) {
  await d.run(
    `history.pushState(null, '', args[0]); dispatchEvent(new PopStateEvent('popstate')); return true;`,
    [path],
  );
}

async function signIn(d: EngineDriver, baseUrl: string, user: string, fullName: string) {
  await d.goto(`${baseUrl}/`);
  await waitFor(d, 'the sign-in form', `return !!document.querySelector('#username');`, [], 90_000);
  await d.run(`document.cookie = 'locale=de; path=/; max-age=31536000'; return true;`);
  await d.type('#username', user);
  await d.type('#password', 'demo');
  await d.click('#kc-login');
  await waitFor(d, `${fullName} signed in`, `${TEST_ID_TEXT} `, ['user-full-name'], 90_000).then(
    (name) => check(name === fullName, `signed in as ${String(name)}, not ${fullName}`),
  );
  await waitFor(d, 'the service worker controlling the page', SERVICE_WORKER_READY, [], 90_000);
  const token = await d.run<string | null>(STORED_TOKEN);
  check(token, 'no stored session token');
  // The device's first pull finished before the scenario leaves the page: WebKitGTK can leave
  // IndexedDB stalled for the next page when a page is left in the middle of that first pull.
  await waitFor(d, "the device's first sync", FIRST_SYNC_DONE, [], 90_000);
  // A first visit installs the app; there is no newer version to offer (the prompt would stand
  // over the lower part of a phone's screen).
  const prompt = await d.run<boolean>(
    `return !!document.querySelector('[data-testid=pwa-update]');`,
  );
  check(!prompt, 'a first visit offers a new version of the app');
  return new Api(baseUrl, token);
}

/** A small real PNG (solid colour), for the photo of a finding. */
export function writePhoto(path: string): void {
  const width = 64;
  const height = 48;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([200, 80 + x, 40], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** Runs the scenario; throws at the first step that fails. `log` names each step as it passes. */
export async function runScenario(
  engine: Engine,
  server: LaneServer,
  photoPath: string,
  log: Log,
): Promise<void> {
  const base = server.baseUrl;
  const step = async (name: string, fn: () => Promise<void>) => {
    const t = Date.now();
    await fn();
    log(`✓ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };

  // 1. Sign-in.
  const tech = await engine.session();
  let api!: Api;
  await step('sign-in through the embedded identity provider', async () => {
    api = await signIn(tech, base, 'techniker', 'Tom Techniker');
  });

  // A machine with one hose, as office data would be; no running audit left by an earlier run.
  const stamp = String(Date.now()).slice(-7);
  const machineId = crypto.randomUUID();
  const code = `WB${stamp}-01`;
  for (const audit of await api.rows('audit/dguv', [
    { key: 'state', param: 'eq', value: 'IN_PROGRESS' },
  ])) {
    if (audit.auditor === 'Tom Techniker') await api.delete('audit/dguv', String(audit.id));
  }
  const [manufacturer] = await api.rows('manufacturer');
  await api.create('machine', {
    id: machineId,
    companyId: DEMO_CUSTOMER,
    manufacturerId: manufacturer?.id,
    machineType: `Prüfstand ${stamp}`,
    internalId: `ENG-${stamp}`,
  });
  await api.create('machinepart/hosepipe', {
    companyId: DEMO_CUSTOMER,
    machineId,
    position: 1,
    code,
    dn: 12,
    maxPn: 250,
    length: 810,
    productionDate: '2025-06-01',
  });
  const machineUrl = `/customer/${DEMO_CUSTOMER}/machine/${machineId}`;

  // 2. Live update: the machine screen stays open; another client renames the machine.
  await step('a change from another client appears without a reload', async () => {
    await open(tech, machineUrl);
    await waitText(tech, `Prüfstand ${stamp}`, 60_000);
    await tech.run(`window.__e2eSamePage = true; return true;`);
    await api.update('machine', machineId, { machineType: `Prüfstand ${stamp} live` });
    await waitText(tech, `Prüfstand ${stamp} live`, 20_000);
    check(
      await tech.run<boolean>(`return window.__e2eSamePage === true;`),
      'the page was reloaded',
    );
  });

  // 3. Offline start: nothing answers; the reload comes from the service worker's cache.
  await server.stop();
  await step('offline start: a reload without a server opens the app signed in', async () => {
    await tech.reload();
    const name = await waitFor<string>(tech, 'the signed-in user', TEST_ID_TEXT, [
      'user-full-name',
    ]);
    check(name === 'Tom Techniker', `signed in as ${name}`);
    await waitText(tech, `Prüfstand ${stamp} live`, 30_000);
  });

  // 4. The DGUV check with a photo and a signature, recorded without a server.
  let auditId = '';
  await step('a DGUV check with a photo and a signature recorded offline', async () => {
    await tech.run(HOOK_ERRORS);
    await open(tech, `/dguv?machine=${machineId}`);
    await waitText(tech, '1 (davon 0 kritisch)');
    await clickNamed(tech, BUTTON, '^Prüfung starten$');
    await clickNamed(tech, LINK, 'Schlauchleitungen prüfen');
    await waitText(tech, `Schlauchleitung ${code}`);
    await tech.upload('input[type=file]', photoPath);
    await waitFor(tech, 'the stored photo', MARK, [BUTTON, '^Foto entfernen'], 60_000);
    await clickNamed(tech, '[role=checkbox]', '^In Ordnung$');
    for (const group of ['Schutz empfohlen', 'Schlauchleitung austauschen']) {
      await clickNamed(tech, '[role=radio]', '^Nein$', ['[role=radiogroup]', group]);
      await waitFor(tech, `“Nein” for ${group}`, `${MARK} `, [
        '[role=radio][aria-checked=true]',
        '^Nein$',
        '[role=radiogroup]',
        group,
      ]);
    }
    const checkUrl = await tech.url();
    await clickNamed(tech, BUTTON, '^Speichern und weiter$');
    // Saved, the screen moves on (the audit's only hose is checked).
    await waitFor(tech, 'the check saved', `return location.href !== args[0];`, [checkUrl]);
    await open(tech, '/dguv/audit');
    await clickNamed(tech, LINK, 'Prüfung beenden');
    await waitFor(tech, 'the signature pad', MARK, ['[role=img]', '^Unterschrift$']);
    await tech.stroke(
      '[data-e2e="1"]',
      Array.from({ length: 13 }, (_, i) => [20 + i * 18, 60 + (i % 2 ? -25 : 25)] as const),
    );
    await waitText(tech, 'Unterschrieben');
    await clickNamed(tech, BUTTON, '^Prüfung abschließen$');
    const url = await waitUrl(tech, /\/dguv\/[0-9a-f-]{36}$/);
    auditId = url.split('/').pop() ?? '';
    const queued = await tech.run<number>(DEVICE_COUNT, ['outbox']);
    check(queued > 0, 'nothing queued in the outbox');
  });

  // 5. The server back: sent exactly once.
  await step('back online, the check reaches the server exactly once', async () => {
    await server.start();
    // Coming back to the app (a reload) starts its sync at once rather than after the backoff.
    await tech.reload();
    await waitFor(
      tech,
      'an empty outbox and every photo uploaded',
      `${DEVICE_COUNT.replace('return await', 'const outbox = await')}
       const blobs = await new Promise((resolve, reject) => {
         const open = indexedDB.open('schlauchmanager');
         open.onsuccess = () => {
           const c = open.result.transaction('blobs', 'readonly').objectStore('blobs').index('uploadState').count('pending');
           c.onsuccess = () => { resolve(c.result); open.result.close(); };
           c.onerror = () => reject(c.error);
         };
         open.onerror = () => reject(open.error);
       });
       return outbox === 0 && blobs === 0;`,
      ['outbox'],
      90_000,
    );
    const audits = await api.rows('audit/dguv', [
      { key: 'machineId', param: 'eq', value: machineId },
    ]);
    check(audits.length === 1, `${audits.length} audits on the server`);
    const [audit] = audits;
    check(audit?.id === auditId, 'the server has another audit');
    check(audit.state === 'COMPLETE', `audit state ${String(audit.state)}`);
    const answers = await api.rows('audit/dguvhosepipeanswer', [
      { key: 'auditId', param: 'eq', value: auditId },
    ]);
    check(answers.length === 1, `${answers.length} answers on the server`);
    const photoIds = answers[0]?.photoIds as string[];
    check(photoIds.length === 1, `${photoIds.length} photos on the server`);
    const photo = await api.file(
      `audit/dguvhosepipeanswer/${String(answers[0]?.id)}/file?file=${photoIds[0]}`,
    );
    check(photo.status === 200, `the photo answers ${photo.status}`);
    const signatures = await api.rows('audit/signature', [
      { key: 'id', param: 'eq', value: audit.signatureId },
    ]);
    check(signatures.length === 1, `${signatures.length} signatures on the server`);
    const signature = await api.file(`audit/signature/${String(audit.signatureId)}/file`);
    check(signature.type.includes('image/png'), `the signature is ${signature.type}`);
  });
  await tech.close();

  // 6. The customer's cart and checkout, on a device of their own.
  const customer = await engine.session();
  let kundeApi!: Api;
  await step('the customer signs in on a second device', async () => {
    kundeApi = await signIn(customer, base, 'kunde', 'Karl Kunde');
  });
  await step(
    'a customer orders a replacement hose, checks out; the server has the order',
    async () => {
      await open(customer, `/customer/${DEMO_CUSTOMER}/machine/${DEMO_MACHINE}/parts/pipes`);
      await waitFor(
        customer,
        'an order button',
        MARK,
        ['[data-testid=order-replacement]', '.'],
        60_000,
      );
      await customer.click('[data-e2e="1"]');
      await waitFor(
        customer,
        'the added line with its price',
        `
      const el = document.querySelector('[data-testid=added-line]');
      return !!el && el.textContent.includes('€');`,
      );
      await clickNamed(customer, LINK, 'Zum Warenkorb');
      await waitUrl(customer, new RegExp(`/customer/${DEMO_CUSTOMER}/cart$`));
      await waitFor(
        customer,
        'a cart line',
        `return !!document.querySelector('[data-testid=cart-line]');`,
      );
      await customer.click('[data-testid=cart-checkout]');
      const url = await waitUrl(customer, /\/cart\/checkout\/[0-9a-f-]{36}$/);
      const orderId = url.split('/').pop() ?? '';
      await waitFor(
        customer,
        'the checkout',
        `return !!document.querySelector('[data-testid=checkout]');`,
      );
      for (const label of ['Lieferadresse', 'Rechnungsadresse', 'Ansprechpartner']) {
        await openOptions(customer, label);
        await customer.click('[data-e2e="1"]');
        await waitFor(
          customer,
          `${label} chosen`,
          `
        const input = [...document.querySelectorAll('[role=combobox]')].find((el) =>
          [...(el.labels ?? [])].some((l) => l.textContent.startsWith(args[0])));
        return !!input && input.value !== '';`,
          [label],
        );
      }
      await customer.click('[data-testid=accept-terms]');
      await customer.click('[data-testid=accept-privacy]');
      await customer.click('[data-testid=checkout-submit]');
      await waitUrl(customer, /\/orders\/[0-9a-f-]{36}$/);
      const order = await eventually('the order awaiting approval on the server', async () => {
        const [row] = await kundeApi.rows('shop/order', [
          { key: 'id', param: 'eq', value: orderId },
        ]);
        return row?.state === 'APPROVAL_PENDING' ? row : undefined;
      });
      check(order.companyId === DEMO_CUSTOMER, 'the order belongs to another customer');
      const items = await kundeApi.rows('shop/orderitem', [
        { key: 'orderId', param: 'eq', value: orderId },
      ]);
      check(items.length >= 1, 'the order has no lines on the server');
    },
  );
  await customer.close();
}
