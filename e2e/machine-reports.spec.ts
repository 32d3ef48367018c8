import { expect, test, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER, MachinePages } from './pages/machine-pages';
import { goOffline } from './pages/offline';
import { ReportPages } from './pages/report-pages';
import { serverRows } from './pages/server-api';

/**
 * End to end: a technician with the network OFF inspects a demo machine (one
 * part marked defective with a note and a photo) and records a maintenance, each signed with the mouse;
 * back online the server has each report exactly once, COMPLETE with its signature, and the
 * PDFs carry what was entered.
 */
async function openDemoMachine(page: Page): Promise<string> {
  const machines = new MachinePages(page);
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await machines.openList();
  await machines.cards().first().click();
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}/machine/[0-9a-f-]{36}$`));
  return page.url().split('/').pop() ?? '';
}

type ServerRow = Record<string, unknown>;

/** The machine's reports on the server that `mine` picks: exactly one, COMPLETE and signed. */
async function completeOnServer(
  page: Page,
  path: string,
  machineId: string,
  mine: (row: ServerRow) => boolean,
): Promise<ServerRow> {
  const filter = [{ key: 'machineId', param: 'eq', value: machineId }];
  const rows = async () => (await serverRows(page, path, filter)).filter(mine);
  await expect
    .poll(async () => (await rows()).map((r) => r.state), { timeout: 30_000 })
    .toEqual(['COMPLETE']);
  const [row] = await rows();
  const signatures = await serverRows(page, 'audit/signature', [
    { key: 'id', param: 'eq', value: row?.signatureId },
  ]);
  expect(signatures).toHaveLength(1);
  expect(signatures[0]?.content).toBeTruthy();
  return row ?? {};
}

const hasItem = (field: string, value: string) => (row: ServerRow) =>
  Array.isArray(row.items) &&
  row.items.some((item) => (item as Record<string, unknown>)[field] === value);

test('an inspection and a maintenance done offline, signed, reach the server once with their PDFs', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const defectNote = `Tank undicht ${stamp}`;
  const work = `Ölwechsel ${stamp}`;
  const machineId = await openDemoMachine(page);
  const base = `/customer/${DEMO_CUSTOMER}/machine/${machineId}`;
  const reports = new ReportPages(page);

  // Inspection, offline from start to signature.
  await goOffline(page, context);
  await reports.openDocuments(base, 'inspection');
  await reports.startNew('inspection');
  await reports.markDefect(/^Ergebnis: Tank/, defectNote);
  await reports.addPhoto();
  await reports.continueToSignature();
  await reports.sign();
  const inspectionId = await reports.finish('inspection');
  await expect(page.getByText(defectNote)).toBeVisible();

  // Maintenance, offline too.
  await reports.openDocuments(base, 'maintenance');
  await reports.startNew('maintenance');
  await reports.addWorkLine(work, 'Filterelement, 40 l HLP 46');
  await reports.continueToSignature();
  await reports.sign();
  const maintenanceId = await reports.finish('maintenance');

  // Back online. The finishing calls wait (deferred) for their signature uploads, which in
  // turn wait for the reports' creates; with retry backoff this can take longer than the
  // usual 30 s of goOnlineAndSync.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-pending')).toHaveCount(0, { timeout: 90_000 });
  const inspection = await completeOnServer(
    page,
    'report/inspection',
    machineId,
    hasItem('note', defectNote),
  );
  expect(inspection.id).toBe(inspectionId);
  expect(inspection.photoIds).toHaveLength(1);
  expect(inspection.items).toEqual(
    expect.arrayContaining([expect.objectContaining({ result: 'DEFECT', note: defectNote })]),
  );
  const maintenance = await completeOnServer(
    page,
    'report/maintenance',
    machineId,
    hasItem('description', work),
  );
  expect(maintenance.id).toBe(maintenanceId);

  const inspectionPdf = await reports.pdfText('inspection', inspectionId);
  expect(inspectionPdf).toContain(defectNote);
  expect(inspectionPdf).toContain('Tom Techniker');
  const maintenancePdf = await reports.pdfText('maintenance', maintenanceId);
  expect(maintenancePdf).toContain(work);

  // Online, a maintenance opened and left without input is not stored, so nothing reaches the
  // server (or the customer's devices): no draft of this machine there.
  await reports.openDocuments(base, 'maintenance');
  await reports.startNew('maintenance');
  await expect(page).toHaveURL(/\/maintenance\/audit$/);
  await page.waitForTimeout(3_000);
  await expect(page.getByTestId('sync-pending')).toHaveCount(0);
  const onServer = await serverRows(page, 'report/maintenance', [
    { key: 'machineId', param: 'eq', value: machineId },
  ]);
  expect(onServer.map((row) => row.id)).toContain(maintenanceId);
  expect(onServer.filter((row) => row.state === 'DRAFT')).toEqual([]);
});
