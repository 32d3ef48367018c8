// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { entityTable, rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { localDay } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, officeUser, staffUser } from '@tests/fixtures/test-users';
import { machineRow, pipeRow, serverRow } from '@tests/fixtures/sync';
import { COMPANY, clearDatabase, seedCompany, seedOrder } from '../orders/orders-test-data';
import { MyDayScreen } from './my-day-screen';

configure({ asyncUtilTimeout: 10_000 });
const MACHINE = '01936b2e-0005-7000-8000-000000000001';
/** The hose the order's first line replaces (orders-test-data names it as the line's pipe). */
const OLD_HOSE = '01936b2e-0003-7000-8000-000000000001';
let lineId = '';

beforeAll(async () => {
  const db = getDatabase();
  await seedCompany();
  await rowTable(db, 'machine').put(
    machineRow({ id: MACHINE, companyId: COMPANY, manufacturerId: COMPANY, machineType: 'Presse' }),
  );
  await rowTable(db, 'pipe').put(
    pipeRow({ id: OLD_HOSE, companyId: COMPANY, machineId: MACHINE, position: 4, code: 'HM-4' }),
  );
  // Delivered: the order is complete, its first line replaces HM-4 and is not installed yet.
  const order = await seedOrder('COMPLETE');
  const [line] = (await entityTable(db, 'orderItem').toArray()).filter(
    (l) => l.orderId === order.id && l.pipeId === OLD_HOSE,
  );
  lineId = line!.id;
  await entityTable(db, 'orderItem').update(lineId, { replacesPipeId: OLD_HOSE });
  await rowTable(db, 'dayPlan').put(
    serverRow({
      companyId: COMPANY,
      date: localDay(),
      technicianId: staffUser.id,
      locationIds: [],
      machineIds: [MACHINE],
      note: null,
    }),
  );
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(clearDatabase);

describe('my day', () => {
  it('has nothing for a user without a plan today', async () => {
    useAuthStore.setState({ user: officeUser });
    try {
      await renderRoute(<MyDayScreen />, { path: '/day-plan/mine', url: '/day-plan/mine' });
      expect(await screen.findByText('Für heute ist kein Plan da.')).toBeTruthy();
      expect(screen.queryByTestId('my-plan')).toBeNull();
    } finally {
      useAuthStore.setState({ user: staffUser });
    }
  });

  it('does not count a machine done while its delivered replacement waits, even after an audit of the day', async () => {
    const db = getDatabase();
    const audit = serverRow({
      companyId: COMPANY,
      machineId: MACHINE,
      startDate: `${localDay()} 08:00:00`,
      state: 'COMPLETE',
    });
    await rowTable(db, 'dguvAudit').put(audit);
    try {
      await renderRoute(<MyDayScreen />, { path: '/day-plan/mine', url: '/day-plan/mine' });
      expect((await screen.findByTestId('plan-progress')).textContent).toBe(
        '0 von 1 Maschinen erledigt',
      );
      expect(screen.getByTestId('my-plan-machine').textContent).toContain('Offen');
    } finally {
      await rowTable(db, 'dguvAudit').delete(audit.id);
    }
  });

  it('offers to install each delivered replacement: the swap for that line opens on the old hose', async () => {
    await renderRoute(<MyDayScreen />, { path: '/day-plan/mine', url: '/day-plan/mine' });
    const install = await screen.findByTestId('my-plan-install');
    expect(install.textContent).toBe('Einbauen: Position 4 (HM-4) ersetzen');
    expect(install.getAttribute('href')).toBe(
      `/customer/${COMPANY}/machine/${MACHINE}/parts/pipes/${OLD_HOSE}?swapLine=${lineId}`,
    );
  });
});
