import ICAL from 'ical.js';
import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { asCsvCell, csvRows, ExportPages, hoseTableLines, xlsxRows } from './pages/export-pages';
import { HoseListPage } from './pages/hose-pages';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { goOffline } from './pages/offline';

/**
 * End to end: the office exports a filtered hose list of a machine as
 * CSV and Excel and finds exactly the lines the list shows, again with the network off; it
 * exports the machine's DGUV audit history; and it makes a calendar link on its profile that
 * a calendar app can fetch without signing in — until the link is revoked.
 */

/** The demo customer's first machine: its hoses were checked in the approved audit. */
const MACHINE = '01936b2e-0005-7000-8000-000000000001';

// Wide enough for the hose table (not the phone cards), tall enough for every filtered line.
test.use({ viewport: { width: 1700, height: 1400 } });

test('the office exports a filtered hose list as CSV and Excel, online and offline', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await new LoginPage(page).signIn('buero');
  const shell = new AppShell(page);
  await shell.expectSignedInAs('Bea Büro');
  // A fresh device may hold the hoses before their DGUV checks (then none is faulty yet).
  await shell.waitForFirstSync();
  const list = new HoseListPage(page);
  await list.goto(DEMO_CUSTOMER, MACHINE);
  await page.getByTestId('hose-filter-inspection').selectOption({ label: 'Fehlerhaft' });
  await expect(list.count()).toHaveText(/^[1-9]\d* von \d+ Schlauchleitungen$/);
  const shownCount = Number((await list.count().innerText()).split(' ')[0]);
  expect(shownCount).toBeGreaterThan(0);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(shownCount + 1);
  const shown = await hoseTableLines(page);

  const exports = new ExportPages(page);
  const csv = await exports.fromMenu('csv');
  expect(csv.name).toMatch(/^Schlauchregister-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = csvRows(csv, ';');
  const col = (name: string) => header!.indexOf(name);
  expect(lines).toHaveLength(shown.length);
  // Table: position, code, type, DN, PN, length, category, accessories, made, result, due, life.
  lines.forEach((line, i) => {
    const cells = shown[i]!.map(asCsvCell);
    expect(line[col('Position')]).toBe(cells[0]);
    expect(line[col('Code')]).toBe(cells[1]);
    expect(line[col('Schlauchtyp')]).toBe(cells[2]);
    expect(line[col('DN')]).toBe(cells[3]);
    expect(line[col('max. PN (bar)')]).toBe(cells[4]);
    expect(line[col('Länge (mm)')]).toBe(cells[5]);
    expect(line[col('Länge (mm)')]).not.toMatch(/\./);
    expect(line[col('Kritisch')]).toBe(cells[6] === 'Kritisch' ? 'Ja' : 'Nein');
    // Accessories: the table's short marks "Seil" and "Schutz".
    expect(line[col('Fangseil')]).toBe(cells[7]!.includes('Seil') ? 'Ja' : 'Nein');
    expect(line[col('Schutzschlauch')]).toBe(cells[7]!.includes('Schutz') ? 'Ja' : 'Nein');
    expect(line[col('Herstelldatum')]).toBe(cells[8]);
    expect(line[col('Letzte Prüfung')]).toBe(cells[9]);
    expect(['Warnung', 'Mängel']).toContain(line[col('Letzte Prüfung')]);
    // The due cell ends with a hint for screen readers, "(Überfällig)".
    expect(line[col('Nächste Prüfung')]).toBe(asCsvCell(shown[i]![10]!.replace(/\s*\(.*\)$/, '')));
    // The life cell may also say "Tauschen" (replace at the next visit): only "Überschritten" is exceeded.
    expect(line[col('Verwendungsdauer überschritten')]).toBe(
      cells[11]!.includes('Überschritten') ? 'Ja' : 'Nein',
    );
  });
  expect(header).toContain('Bemerkung');

  const xlsx = await exports.fromMenu('xlsx');
  expect(xlsx.name).toBe(csv.name.replace(/\.csv$/, '.xlsx'));
  const [xHeader, ...xLines] = await xlsxRows(xlsx);
  expect(xHeader).toEqual(header);
  expect(xLines).toHaveLength(lines.length);
  xLines.forEach((x, i) => {
    const line = lines[i]!;
    expect(x[col('Code')]).toBe(line[col('Code')]);
    expect(x[col('Position')]).toBe(Number(line[col('Position')]));
    const made = x[col('Herstelldatum')];
    const day = made instanceof Date ? made.toISOString().slice(0, 10) : '';
    expect(day).toBe(line[col('Herstelldatum')]);
    expect(x[col('Letzte Prüfung')]).toBe(line[col('Letzte Prüfung')]);
  });

  // Offline: the file is made on the device, the Excel writer comes from the app's cache.
  await goOffline(page, context);
  const offlineCsv = await exports.fromMenu('csv');
  expect(offlineCsv.bytes.equals(csv.bytes)).toBe(true);
  const offlineXlsx = await exports.fromMenu('xlsx');
  expect(await xlsxRows(offlineXlsx)).toEqual(await xlsxRows(xlsx));
});

test("the office exports a machine's DGUV audit history as CSV", async ({ page }) => {
  await page.goto('/');
  await new LoginPage(page).signIn('buero');
  await new AppShell(page).expectSignedInAs('Bea Büro');
  await page.goto(`/customer/${DEMO_CUSTOMER}/machine/${MACHINE}/documents/dguv`);
  const rows = page.getByTestId('dguv-audit-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const shown = await Promise.all(
    (await rows.all()).map(async (row) =>
      (await row.getByRole('cell').allTextContents()).map((c) => c.trim()),
    ),
  );
  const csv = await new ExportPages(page).csvButton();
  expect(csv.name).toMatch(/^DGUV-Prüfungen-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = csvRows(csv, ';');
  expect(header).toEqual([
    'Bericht-Nr.',
    'Prüfbeginn',
    'Anlass',
    'Durchgeführt am',
    'Status',
    'Geprüft',
    'In Ordnung',
    'Warnung',
    'Mängel',
    'Prüfer',
    'Freigegeben von',
    'Freigegeben am',
  ]);
  expect(lines).toHaveLength(shown.length);
  lines.forEach((line, i) => {
    // The first cell is the start with the occasion beneath it.
    const [when, auditor, state] = shown[i]!;
    expect(line[0]).toMatch(/^\d{8}-[0-9A-F]{6}$/);
    expect(asCsvCell(when!.replace(line[2]!, ''))).toBe(line[1]);
    expect(when!.endsWith(line[2]!)).toBe(true);
    expect(line[2]).toBe('Wiederkehrende Prüfung');
    expect(line[9]).toBe(auditor);
    expect(line[4]).toBe(state);
    expect(line[3]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(line[5])).toBe(Number(line[6]) + Number(line[7]) + Number(line[8]));
  });
  expect(lines.map((l) => l[4])).toContain('Freigegeben');
});

test('the office makes a calendar link on its profile; a calendar fetches it until revoked', async ({
  page,
}) => {
  await page.goto('/');
  await new LoginPage(page).signIn('buero');
  await new AppShell(page).expectSignedInAs('Bea Büro');
  await page.goto('/profile');
  const card = page.getByTestId('calendar-feed');
  await expect(card).toBeVisible();
  await card.getByTestId('calendar-customer').click();
  await page.getByRole('option', { name: /Muster Hydraulik Kunde GmbH/ }).click();
  await card.getByTestId('calendar-create').click();
  const url = await card.getByTestId('calendar-url').inputValue();
  expect(url).toMatch(
    new RegExp(`/api/calendar/customer/${DEMO_CUSTOMER}/calendar\\.ics\\?token=[\\w-]{43}$`),
  );
  await expect(card.getByTestId('calendar-link')).toHaveCount(1);

  // A calendar app: no session, no bearer token — the link is the credential.
  const feed = await page.request.get(url, { maxRetries: 1, headers: { authorization: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const machine = events.find((e) => e.uid.startsWith(`${MACHINE}-dguv@`));
  expect(machine?.startDate.isDate).toBe(true);
  expect(machine?.summary).toContain('Muster Hydraulik Kunde GmbH');
  expect(machine?.description).toContain(`/customer/${DEMO_CUSTOMER}/machine/${MACHINE}`);

  // Revoked with confirmation: the calendar is refused from then on.
  await card.getByTestId('calendar-revoke').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
  await expect(card.getByTestId('calendar-link')).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(401);
});
