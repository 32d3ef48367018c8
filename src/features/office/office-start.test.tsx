// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { addMonths, toCalendarDate } from '@domain/rules/intervals';
import { renderRoute } from '@tests/fixtures/render';
import { signedInDevice } from '@tests/fixtures/signed-in-device';
import { officeUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { OfficeStart } from './office-start';

const SLOW = { timeout: 8000 };
const today = toCalendarDate(new Date());

async function seed() {
  const db = getDatabase();
  const m = createMutator({ db, getUserId: () => 'u1' });
  const maker = await m.create('manufacturer', { name: 'HYDAC' });
  const customer = async (name: string) => {
    const company = await m.create('company', { name });
    const machine = await m.create('machine', {
      companyId: company.id,
      manufacturerId: maker.id,
      internalId: `INV-${name.slice(0, 3)}`,
      machineType: `Presse ${name.slice(0, 3)}`,
    });
    return { company, machine };
  };
  const a = await customer('Alpha GmbH');
  const b = await customer('Beta AG');
  // Alpha: one hose never checked (overdue) and one past its 6-year service life.
  await m.create('pipe', { machineId: a.machine.id, position: 1, code: 'HM-1' });
  await m.create('pipe', {
    machineId: a.machine.id,
    position: 2,
    code: 'HM-2',
    productionDate: addMonths(today, -80),
  });
  // Two audits waiting for approval (the older first) and one approved; written straight
  // into Dexie, as a pull would store them.
  const audit = (
    id: string,
    companyId: string,
    machineId: string,
    startDate: string,
    state: string,
  ) =>
    db.table('dguvAudit').add({
      id,
      companyId,
      machineId,
      startDate,
      state,
      auditor: 'Tom Techniker',
      auditorUserId: 'u-tech',
      changeIntervalObserved: true,
      signatureId: null,
      locale: 'de',
      performedAt: new Date().toISOString(),
      version: 2,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      deletedAt: null,
    });
  await audit('a-new', b.company.id, b.machine.id, '2026-11-20 10:00:00', 'COMPLETE');
  await audit('a-old', a.company.id, a.machine.id, '2026-11-02 08:00:00', 'COMPLETE');
  await audit('a-done', a.company.id, a.machine.id, '2026-10-01 08:00:00', 'APPROVED');
  const order = (id: string, state: string) =>
    db.table('order').add({
      id,
      companyId: a.company.id,
      state,
      version: 1,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      deletedAt: null,
    });
  await order('o1', 'APPROVAL_PENDING');
  await order('o2', 'READY');
  await order('o3', 'ORDER');
  await order('o4', 'ORDERED');
  await order('o5', 'COMPLETE');
  await order('o6', 'NEW');
  return { a, b };
}

const open = (props: Partial<Parameters<typeof OfficeStart>[0]> = {}) =>
  renderRoute(
    <OfficeStart firstName="Bea" lastName="Büro" canApprove canManageOrders canAudit {...props} />,
    { path: '/', url: '/' },
  );

describe('office start screen', () => {
  signedInDevice(officeUser);

  it('queues the audits awaiting approval, oldest first, opening the report in queue mode', async () => {
    const { a } = await seed();
    await open();
    const queue = await screen.findByTestId('approval-queue', {}, SLOW);
    const links = within(queue).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Alpha GmbH', 'Beta AG']);
    expect(links[0]!.getAttribute('href')).toBe(
      `/customer/${a.company.id}/machine/${a.machine.id}/dguv/a-old?queue=approval`,
    );
    expect(screen.getByTestId('approval-count').textContent).toBe('2');
    expect(screen.getByTestId('approval-start').getAttribute('href')).toContain('/dguv/a-old?');
  });

  it('counts orders per management queue with links to the queues', async () => {
    await seed();
    await open();
    const approve = await screen.findByTestId('order-queue-approve', {}, SLOW);
    expect(approve.getAttribute('href')).toBe('/orders?queue=approve');
    expect(approve.textContent).toContain('1');
    expect(screen.getByTestId('order-queue-process').textContent).toContain('1');
    expect(screen.getByTestId('order-queue-progress').textContent).toContain('2');
  });

  it('lists hoses overdue and past their service life per customer and machine', async () => {
    const { a } = await seed();
    await open();
    const due = await screen.findByTestId('due-customers', {}, SLOW);
    expect(within(due).getByRole('link', { name: 'Alpha GmbH' }).getAttribute('href')).toBe(
      `/customer/${a.company.id}/pipes`,
    );
    // Both hoses are unchecked (overdue); HM-2 is also past its service life.
    expect(within(due).getAllByText('2 überfällig').length).toBeGreaterThan(0);
    expect(within(due).getAllByText('1 über Verwendungsdauer').length).toBeGreaterThan(0);
    expect(within(due).queryByText('Beta AG')).toBeNull();
    expect(within(due).getByRole('link', { name: 'DGUV-Prüfung' }).getAttribute('href')).toBe(
      `/dguv?machine=${a.machine.id}`,
    );
  });

  it('links the machines past the first four to the customer machine list', async () => {
    const { a } = await seed();
    const m = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
    for (let i = 0; i < 5; i++) {
      const machine = await m.create('machine', {
        companyId: a.company.id,
        manufacturerId: a.machine.manufacturerId,
        internalId: `INV-X${i}`,
      });
      await m.create('pipe', { machineId: machine.id, position: 1, code: `HM-X${i}` });
    }
    await open();
    const due = await screen.findByTestId('due-customers', {}, SLOW);
    const more = await within(due).findByRole('link', { name: 'und 2 weitere Maschinen' }, SLOW);
    expect(more.getAttribute('href')).toBe(`/customer/${a.company.id}/machine`);
  });

  it('shows empty states and leaves out what the user may not do', async () => {
    await open({ canApprove: false, canManageOrders: false, canAudit: false });
    expect(await screen.findByTestId('due-empty', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('DGUV-Prüfungen zur Freigabe')).toBeNull();
    expect(screen.queryByText('Bestellungen')).toBeNull();
    expect(screen.getByRole('link', { name: 'Kunden auswählen' })).toBeTruthy();
  });
});
