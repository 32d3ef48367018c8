// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { entityTable, rowTable } from '@db/entity-repository';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { MachineDashboardScreen } from './machine-dashboard-screen';
import { MachineDocumentsScreen } from './machine-documents-screen';
import { MachineEditScreen } from './machine-edit-screen';

configure({ asyncUtilTimeout: 5000 });
const BASE = '/customer/:customerId/machine/:machineId';
const ids = { companyId: '', machineId: '', docId: '' };
const at = (suffix = '') => `/customer/${ids.companyId}/machine/${ids.machineId}${suffix}`;

function signIn(user: SessionUser) {
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
}

beforeAll(async () => {
  const db = getDatabase();
  Object.assign(ids, await seedMachine(db));
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  await mutate.create('aggregate', {
    machineId: ids.machineId,
    type: 'HYDRAULIC',
    machineType: 'SN 1',
  });
  await mutate.create('aggregate', { machineId: ids.machineId, type: 'GREASE' });
  await mutate.create('pipe', { machineId: ids.machineId, position: 1, code: 'HM-000001' });
  const doc = serverRow({
    companyId: ids.companyId,
    machineId: ids.machineId,
    kind: 'DOCUMENT',
    name: 'Schaltplan.pdf',
    mimeType: 'application/pdf',
    size: 2048,
    fileId: 'file-on-server',
  });
  ids.docId = doc.id;
  await rowTable(db, 'document').put(doc);
  // Generated reports count on the dashboard as their tabs list them.
  const report = { companyId: ids.companyId, machineId: ids.machineId };
  for (const startDate of ['2026-01-10', '2026-06-10']) {
    await rowTable(db, 'dguvAudit').put(
      serverRow({ ...report, startDate, state: 'COMPLETE', auditor: 'Tom Techniker' }),
    );
  }
  await rowTable(db, 'inspection').put(
    serverRow({ ...report, date: '2026-03-01', state: 'DRAFT' }),
  );
  await db.outbox.clear();
});
beforeEach(() => signIn(staffUser));
afterAll(async () => {
  await getDatabase().delete();
});

describe('machine dashboard', () => {
  it('shows its parts, documents and actions, and deletes after confirmation', async () => {
    const { router } = await renderRoute(<MachineDashboardScreen />, {
      path: BASE,
      url: at(),
      others: ['/customer/:customerId/machine'],
    });
    expect(await screen.findByRole('heading', { name: 'Hersteller' })).toBeTruthy();
    expect(screen.getByText('Inv.-Nr. INV-1')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('machine-power-units')).getAllByRole('link')).toHaveLength(
        2,
      ),
    );
    expect(screen.getByText('2 Aggregate')).toBeTruthy();
    expect(screen.getAllByText('1 Schlauchleitung').length).toBeGreaterThan(0);
    expect(screen.getByTestId('document-count-DOCUMENT').textContent).toBe('1');
    await waitFor(() => expect(screen.getByTestId('document-count-DGUV').textContent).toBe('2'));
    expect(screen.getByTestId('document-count-INSPECTION').textContent).toBe('1');
    expect(screen.getByTestId('document-count-MAINTENANCE').textContent).toBe('0');
    expect(screen.getByTestId('machine-start-dguv').getAttribute('href')).toBe(
      `/dguv?machine=${ids.machineId}`,
    );
    expect(screen.getByRole('link', { name: 'Alle Schlauchleitungen' }).getAttribute('href')).toBe(
      at('/parts/pipes'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Maschine löschen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Löschen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/customer/${ids.companyId}/machine`),
    );
    const row = await entityTable(getDatabase(), 'machine').get(ids.machineId);
    expect(row?.deletedAt).not.toBeNull();
    await rowTable(getDatabase(), 'machine').put({ ...row!, deletedAt: null });
  });

  it('is read-only for customer users', async () => {
    signIn({ ...customerUser, customer: ids.companyId });
    await renderRoute(<MachineDashboardScreen />, { path: BASE, url: at() });
    expect(await screen.findByText('Inv.-Nr. INV-1')).toBeTruthy();
    expect(screen.queryByTestId('machine-edit')).toBeNull();
    expect(screen.queryByTestId('machine-start-dguv')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Maschine löschen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bild hochladen' })).toBeNull();
  });
});

describe('machine edit', () => {
  it('saves the changed field with the version the form opened on', async () => {
    const { router } = await renderRoute(<MachineEditScreen />, {
      path: `${BASE}/update`,
      url: at('/update'),
      others: [BASE],
    });
    const position = await screen.findByLabelText('Position am Standort');
    fireEvent.change(position, { target: { value: 'Halle 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(at()));
    const entries = await getDatabase().outbox.toArray();
    expect(entries.at(-1)).toMatchObject({
      recordId: ids.machineId,
      baseVersion: 3,
      changedFields: ['positionOnLocation'],
    });
  });
});

describe('the interval decision', () => {
  it('is edited on the machine form, saved offline and shown beside the intervals', async () => {
    const dashboard = await renderRoute(<MachineDashboardScreen />, { path: BASE, url: at() });
    expect((await screen.findByTestId('interval-decision')).textContent).toBe('Nicht erfasst');
    dashboard.unmount();

    const { router, unmount } = await renderRoute(<MachineEditScreen />, {
      path: `${BASE}/update`,
      url: at('/update'),
      others: [BASE],
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Festgelegt von' }), {
      target: { value: 'Betriebsleiter K. Kurz' },
    });
    fireEvent.click(screen.getAllByLabelText(/^Grundlage/)[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Gefährdungsbeurteilung' }));
    const day = screen.getByRole('textbox', { name: 'Festgelegt am' });
    fireEvent.change(day, { target: { value: '12.05.2026' } });
    fireEvent.blur(day);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(at()));
    unmount();

    expect(await rowTable(getDatabase(), 'machine').get(ids.machineId)).toMatchObject({
      intervalDecidedBy: 'Betriebsleiter K. Kurz',
      intervalBasis: 'RISK_ASSESSMENT',
      intervalDecidedAt: '2026-05-12',
    });
    // Written to the outbox like any edit, for the next sync.
    expect((await getDatabase().outbox.toArray()).at(-1)).toMatchObject({
      recordId: ids.machineId,
      changedFields: expect.arrayContaining(['intervalDecidedBy', 'intervalBasis']),
    });
    await renderRoute(<MachineDashboardScreen />, { path: BASE, url: at() });
    expect((await screen.findByTestId('interval-decision')).textContent).toBe(
      'Gefährdungsbeurteilung · Betriebsleiter K. Kurz · 12.05.2026',
    );
  });
});

describe('machine documents', () => {
  it('lists documents with a server download link and offers staff an upload', async () => {
    useAuthStore.setState({ accessToken: 'tok' });
    await renderRoute(<MachineDocumentsScreen kind="DOCUMENT" />, {
      path: `${BASE}/documents/documents`,
      url: at('/documents/documents'),
    });
    const link = await screen.findByTestId('document-download');
    expect(link.textContent).toBe('Schaltplan.pdf');
    expect(link.getAttribute('href')).toBe(`/api/cms/document/${ids.docId}/file?access_token=tok`);
    expect(screen.getByText('2 kB')).toBeTruthy();
    expect(screen.getByTestId('document-upload')).toBeTruthy();
  });

  it('shows the empty state of the DGUV reports', async () => {
    await renderRoute(<MachineDocumentsScreen kind="DGUV" />, {
      path: `${BASE}/documents/dguv`,
      url: at('/documents/dguv'),
    });
    expect(await screen.findByText(/Noch keine Berichte/)).toBeTruthy();
    expect(
      screen.getByRole('tab', { name: 'DGUV-Prüfberichte' }).getAttribute('aria-selected'),
    ).toBe('true');
  });
});
