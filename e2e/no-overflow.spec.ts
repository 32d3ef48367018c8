import { expect, test, type Browser, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { DguvPages } from './pages/dguv-pages';
import { LoginPage } from './pages/login-page';
import { HoseFormPage } from './pages/hose-pages';
import { goOffline, outboxSize } from './pages/offline';
import { at, LANGS, measure, PHONE, sweep, useLanguage, type Opener } from './pages/overflow';
import {
  copyDemoMachine,
  deleteMachine,
  fillCart,
  submitCart,
  transitionOrder,
  untilPulled,
} from './pages/overflow-state';
import { DEMO_CUSTOMER, DEMO_MACHINE } from './pages/power-unit-pages';
import { ReportPages } from './pages/report-pages';
import { APPROVED_AUDIT, DEMO_PIPE, dialog, machine, signIn } from './pages/overflow-screens';

/**
 * No screen overflows a 360 px phone sideways, in de / en-gb / fr (measured:
 * the page's scrollWidth never exceeds its clientWidth, no open dialog is wider than the screen
 * or scrolls sideways, no button or badge label is cut off). Every route of src/app/routes, the
 * dialogs of the admin, DGUV and order screens, the sign-in page and the offline, unreachable
 * and sign-out states (the screens and dialogs that need only the demo data are swept in
 * e2e/no-overflow-sweep-{de,en-gb,fr}.spec.ts, one language per file). Screens that need state (a running DGUV audit, inspection and
 * maintenance reports, an order in each office state) get it here — on a copy of a demo
 * machine and an order of the demo customer — and lose it again: the audit is discarded, the
 * copy deleted, the order cancelled. With SCREENSHOTS=1 each screen is also shot
 * (w360-{name}-{lang}.png, see pages/overflow.ts).
 */
// The sweeps scan each screen themselves (`measure`), faster than a page settles.
test.use({ viewport: PHONE, a11yAuto: false });

/** A phone of its own for a second user. */
async function phoneOf(browser: Browser, user: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
  });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('a running DGUV audit and inspection and maintenance reports fit a 360 px phone', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  const failures: string[] = [];
  const copy = await copyDemoMachine(page, DEMO_MACHINE);
  const base = `/customer/${DEMO_CUSTOMER}/machine/${copy.machineId}`;
  try {
    // The copy reaches the device.
    await page.goto(base);
    await expect(page.getByText(copy.machineType).first()).toBeVisible({ timeout: 60_000 });

    // A running DGUV audit: one hose checked, the second past its service life.
    const dguv = new DguvPages(page);
    await page.goto(`/dguv?machine=${copy.machineId}`);
    await dguv.startButton().click();
    await expect(dguv.progress()).toBeVisible();
    await page.goto(`/dguv/audit/check-pipe?pipe=${copy.pipeIds[0]}`);
    await dguv.criterion('In Ordnung').check();
    await dguv.answerYesNo('Schutz empfohlen', false);
    await dguv.answerYesNo('Schlauchleitung austauschen', false);
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    await expect(page.getByTestId('check-current-hose')).toContainText('Position 2');
    const check = `/dguv/audit/check-pipe?pipe=${copy.pipeIds[1]}`;
    const discard = /Prüfung verwerfen|Discard inspection|Abandonner le contrôle/;
    await sweep(
      page,
      [
        ['dguv-audit', at('/dguv/audit', '[data-testid=audit-progress]')],
        [
          'dguv-running-dialog',
          dialog(`/dguv?machine=${copy.machineId}`, 'main h2', async () => {}),
        ],
        ['dguv-check', at(check, '[data-testid=check-classification]')],
        [
          'dguv-check-errors',
          async (p) => {
            await at(check, '[data-testid=check-classification]')(p);
            await p.locator('form button[type=submit]').first().click();
          },
        ],
        [
          'dguv-check-ok-dialog',
          dialog(check, '[data-testid=check-classification]', (p) =>
            p.getByRole('checkbox').first().click(),
          ),
        ],
        ['dguv-finish', at('/dguv/audit/finish', '[data-testid=finish-summary]')],
        [
          'dguv-discard-dialog',
          dialog('/dguv/audit', '[data-testid=audit-progress]', (p) =>
            p.getByRole('button', { name: discard }).click(),
          ),
        ],
      ],
      failures,
    );
    // Discarded: no running audit is left behind.
    await at('/dguv/audit', '[data-testid=audit-progress]')(page);
    await page.getByRole('button', { name: discard }).click();
    await page.getByRole('dialog').getByRole('button', { name: discard }).click();
    await expect(page.getByTestId('audit-progress')).toHaveCount(0);

    // An inspection with a defect and a photo, and a maintenance with a work line: each
    // measured while it is a draft, then signed and finished.
    const reports = new ReportPages(page);
    const drafts: Record<'inspection' | 'maintenance', string> = {
      inspection: '',
      maintenance: '',
    };
    await reports.openDocuments(base, 'inspection');
    await reports.startNew('inspection');
    await reports.markDefect(/^Ergebnis: Tank/, 'Tank undicht, Ölspuren am Schauglas');
    await reports.addPhoto();
    await reports.continueToSignature();
    drafts.inspection = new URL(page.url()).searchParams.get('id') ?? '';
    await reports.openDocuments(base, 'maintenance');
    await reports.startNew('maintenance');
    await reports.addWorkLine('Ölwechsel und Filterwechsel Rücklauf', 'Filterelement, 40 l HLP 46');
    await reports.continueToSignature();
    drafts.maintenance = new URL(page.url()).searchParams.get('id') ?? '';
    const steps = (kind: 'inspection' | 'maintenance'): [string, Opener][] => [
      [
        `${kind}-create`,
        at(`${base}/${kind}/audit?id=${drafts[kind]}`, '[data-testid=report-to-finish]'),
      ],
      [
        `${kind}-sign`,
        at(`${base}/${kind}/audit?id=${drafts[kind]}&step=finish`, '[data-testid=report-finish]'),
      ],
      [`${kind}-draft`, at(`${base}/${kind}/${drafts[kind]}`, '[data-testid=report-state]')],
    ];
    await sweep(
      page,
      [
        ...steps('inspection'),
        [
          'uvv-audit',
          at(`${base}/uvvAudit?id=${drafts.inspection}`, '[data-testid=report-to-finish]'),
        ],
        ...steps('maintenance'),
      ],
      failures,
    );
    for (const kind of ['inspection', 'maintenance'] as const) {
      await page.goto(`${base}/${kind}/audit?id=${drafts[kind]}&step=finish`);
      await reports.sign();
      await reports.finish(kind);
    }
    await sweep(
      page,
      [
        [
          'inspection-report',
          at(`${base}/inspection/${drafts.inspection}`, '[data-testid=report-state]'),
        ],
        ['inspection-list', at(`${base}/documents/inspection`, '[data-testid=report-row]')],
        [
          'maintenance-report',
          at(`${base}/maintenance/${drafts.maintenance}`, '[data-testid=report-state]'),
        ],
        ['maintenance-list', at(`${base}/documents/maintenance`, '[data-testid=report-row]')],
      ],
      failures,
    );
    await expect(page.getByTestId('sync-pending')).toHaveCount(0, { timeout: 60_000 });
  } finally {
    await deleteMachine(page, copy.machineId);
  }
  expect(failures).toEqual([]);
});

test('an order through checkout and the office, and the customer’s and office’s own views', async ({
  browser,
}) => {
  // Checkout, the office's four order states and both sides' views: over four minutes beside
  // the other lane on two cores.
  test.setTimeout(420_000);
  const failures: string[] = [];
  const kunde = await phoneOf(browser, 'kunde');
  const buero = await phoneOf(browser, 'buero');
  const customer = `/customer/${DEMO_CUSTOMER}`;

  // The customer's own screens.
  await sweep(
    kunde,
    [
      ['kunde-start', at('/')],
      ['kunde-customer', at(customer)],
      ['kunde-machines', at(`${customer}/machine`, '[data-testid=machine-card]')],
      ['kunde-machine', at(machine)],
      ['kunde-hoses', at(`${machine}/parts/pipes`, '[data-testid=order-replacement]')],
      ['kunde-dguv-report', at(APPROVED_AUDIT, '[data-testid=order-replacement]')],
    ],
    failures,
  );

  // Cart and checkout with two lines, then submitted.
  const cart = await fillCart(kunde, DEMO_CUSTOMER);
  let orderId = '';
  try {
    await kunde.goto(`${customer}/cart`);
    await untilPulled(kunde, () =>
      expect(kunde.getByTestId('cart-line')).toHaveCount(2, { timeout: 3_000 }),
    );
    await sweep(
      kunde,
      [
        ['kunde-cart', at(`${customer}/cart`, '[data-testid=cart-line]')],
        ['kunde-checkout', at(`/cart/checkout/${cart.cartId}`, '[data-testid=checkout]')],
      ],
      failures,
    );
  } finally {
    orderId = await submitCart(kunde, DEMO_CUSTOMER, cart);
  }

  /** The order's page once the device shows it in `value`. */
  const state = (page: Page, value: string) => async () => {
    await page.goto(`/orders/${orderId}`);
    await expect(
      page.getByTestId('order-detail').getByTestId('order-state').first(),
    ).toHaveAttribute('data-state', value, { timeout: 3_000 });
  };
  try {
    const detail = at(`/orders/${orderId}`, '[data-testid=order-detail]');
    await untilPulled(kunde, state(kunde, 'APPROVAL_PENDING'));
    await sweep(
      kunde,
      [
        ['kunde-order', detail],
        ['kunde-orders', at('/orders', '[data-testid=order-card]')],
      ],
      failures,
    );

    // The office: start page with its queues, then the order in each state.
    await untilPulled(buero, state(buero, 'APPROVAL_PENDING'));
    await sweep(
      buero,
      [
        ['buero-start', at('/', '[data-testid=approval-queue]')],
        ['orders-approve', at('/orders?queue=approve', '[data-testid=order-card]')],
        ['order-approve', detail],
      ],
      failures,
    );
    await transitionOrder(buero, orderId, { to: 'READY' });
    await untilPulled(buero, state(buero, 'READY'));
    await sweep(
      buero,
      [
        ['orders-process', at('/orders?queue=process', '[data-testid=order-card]')],
        ['order-ready', detail],
      ],
      failures,
    );
    await transitionOrder(buero, orderId, { kind: 'ORDER' });
    await transitionOrder(buero, orderId, { to: 'ORDERED' });
    await untilPulled(buero, state(buero, 'ORDERED'));
    await sweep(
      buero,
      [
        ['orders-progress', at('/orders?queue=progress', '[data-testid=order-card]')],
        ['order-ordered', detail],
        [
          'order-cancel-dialog',
          dialog(`/orders/${orderId}`, '[data-testid=order-detail]', (p) =>
            p.getByTestId('order-action-cancel').click(),
          ),
        ],
      ],
      failures,
    );
  } finally {
    // Nothing left waiting in the office's queues.
    await transitionOrder(buero, orderId, { to: 'CANCELED' });
  }
  await untilPulled(kunde, state(kunde, 'CANCELED'));
  await sweep(
    kunde,
    [['kunde-order-canceled', at(`/orders/${orderId}`, '[data-testid=order-detail]')]],
    failures,
  );
  await kunde.context().close();
  await buero.context().close();
  expect(failures).toEqual([]);
});

test('the sign-in page, the offline and unreachable states and the sign-out question fit a 360 px phone', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  const signInPage = page.url();
  const stamp = String(Date.now()).slice(-6);
  for (const lang of LANGS) {
    await page.goto(signInPage);
    await page.locator(`a[hreflang="${lang}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}$`, 'i'));
    await measure(page, 'sign-in', lang, failures);
    // A name of its own: five failures of one name slow down its next attempts.
    await page.locator('#username').fill(`niemand-${stamp}`);
    await page.locator('#password').fill('falsch');
    await page.locator('#kc-login').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await measure(page, 'sign-in-error', lang, failures);
  }
  await page.locator(`a[hreflang="de"]`).click();
  await new LoginPage(page).signIn('admin');
  await expect(new AppShell(page).userName()).toBeVisible({ timeout: 30_000 });

  // The machine reaches the device; then the server stops answering (the phone keeps its
  // network): the header says so.
  await at(machine)(page);
  const indicator = page.getByTestId('online-indicator');
  await page.route('**/api/sync/**', (route) => route.abort('connectionrefused'));
  for (const lang of LANGS) {
    await useLanguage(page, lang);
    await page.goto(machine);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}$`, 'i'));
    await untilPulled(page, () =>
      expect(indicator).toHaveAttribute('data-state', 'unreachable', { timeout: 3_000 }),
    );
    await measure(page, 'unreachable', lang, failures);
  }
  await page.unroute('**/api/sync/**');
  await useLanguage(page, 'de');

  // Offline: the cached app with the offline header.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await goOffline(page, context);
  await sweep(
    page,
    [
      ['offline-start', at('/')],
      ['offline-machine', at(machine)],
      ['offline-sync-issues', at('/sync-issues')],
    ],
    failures,
  );

  // Signing out with a change not yet sent asks first. The change never leaves this phone:
  // the test ends offline and its browser context is thrown away.
  await at(`${machine}/parts/pipes/${DEMO_PIPE}`, '[data-testid=pipe-form]')(page);
  const hose = new HoseFormPage(page);
  await hose.length().fill('2751');
  await hose.save();
  await expect.poll(() => outboxSize(page)).toBeGreaterThan(0);
  await sweep(
    page,
    [['sign-out-unsent', at('/auth/logout', '[data-testid=logout-pending]')]],
    failures,
  );
  expect(failures).toEqual([]);
});
