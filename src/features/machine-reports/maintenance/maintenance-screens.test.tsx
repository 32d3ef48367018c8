// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { listMachineReports } from '../data/report-queries';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine } from '@tests/fixtures/sync';
import { MaintenanceAuditScreen, MaintenanceReportScreen } from '../machine-reports-screens';
import { workInput } from './work-model';

const MACHINE = '/customer/:customerId/machine/:machineId';
const SLOW = { timeout: 5000 };

const outbox = async (entity: string) =>
  (await getDatabase().outbox.toArray()).filter((e) => e.entity === entity);

afterAll(async () => {
  await getDatabase().delete();
});

describe('maintenance screens', () => {
  it('records work lines on a draft: a description is required, lines can be removed', async () => {
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: staffUser,
      accessToken: 't',
    });
    const db = getDatabase();
    const s = await seedMachine(db);
    const base = `/customer/${s.companyId}/machine/${s.machineId}`;
    const { router } = await renderRoute(<MaintenanceAuditScreen />, {
      path: `${MACHINE}/maintenance/audit`,
      url: `${base}/maintenance/audit`,
    });
    expect(await screen.findByText('Noch keine Arbeiten erfasst.', {}, SLOW)).toBeTruthy();
    // Opening the work step stores nothing: no row, no call to sync.
    expect(await listMachineReports(db, 'maintenance', s.machineId)).toEqual([]);
    expect(await outbox('maintenance')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Arbeit hinzufügen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Arbeit hinzufügen' }));
    expect(screen.getAllByTestId('work-line')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Arbeit 2 entfernen' }));
    expect(screen.getAllByTestId('work-line')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Weiter zur Unterschrift' }));
    const line = screen.getByTestId('work-line');
    expect(await within(line).findByText('Dieses Feld ist erforderlich.')).toBeTruthy();

    fireEvent.change(within(line).getByRole('textbox', { name: /Beschreibung der Arbeit/ }), {
      target: { value: 'Ölwechsel' },
    });
    fireEvent.change(within(line).getByRole('textbox', { name: 'Ersetzte Teile' }), {
      target: { value: 'Filterelement' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zur Unterschrift' }));
    expect(await screen.findByRole('button', { name: 'Wartung abschließen' }, SLOW)).toBeTruthy();
    const [draft] = await listMachineReports(db, 'maintenance', s.machineId);
    expect(draft?.items).toEqual([
      {
        description: 'Ölwechsel',
        partsReplaced: 'Filterelement',
        targetType: null,
        targetId: null,
      },
    ]);
    expect(router.state.location.search).toBe(`?id=${draft?.id}&step=finish`);
    expect((await outbox('maintenance')).map((e) => [e.kind, e.recordId])).toEqual([
      ['create', draft?.id],
    ]);

    // The report page of the draft: its lines and "continue".
    const m = createMutator({ db, getUserId: () => 'seed' });
    await m.update('maintenance', draft?.id ?? '', { comment: 'Alles sauber' });
    await renderRoute(<MaintenanceReportScreen />, {
      path: `${MACHINE}/maintenance/:maintenanceId`,
      url: `${base}/maintenance/${draft?.id}`,
    });
    const items = await screen.findByTestId('maintenance-items');
    expect(within(items).getByText('Ölwechsel')).toBeTruthy();
    expect(within(items).getByText('Gesamte Maschine')).toBeTruthy();
    expect(screen.getByText('Alles sauber')).toBeTruthy();
    expect(screen.getByTestId('report-continue')).toBeTruthy();
  });

  it('turns the target choice into targetType and targetId', () => {
    const id = '0193a000-0000-7000-8000-000000000001';
    expect(
      workInput({
        items: [{ description: 'x', partsReplaced: '', target: `safetyValve:${id}` }],
        comment: '',
      }).items[0],
    ).toMatchObject({ targetType: 'safetyValve', targetId: id });
  });
});
