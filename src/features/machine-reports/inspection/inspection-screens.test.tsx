// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { listMachineReports } from '../data/report-queries';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import type { SessionUser } from '@domain/schemas/session';
import { customerUser, initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine } from '@tests/fixtures/sync';
import {
  InspectionAuditScreen,
  InspectionList,
  InspectionReportScreen,
  UvvAuditScreen,
} from '../machine-reports-screens';

const MACHINE = '/customer/:customerId/machine/:machineId';
const SLOW = { timeout: 5000 };

const outbox = async (entity: string) =>
  (await getDatabase().outbox.toArray()).filter((e) => e.entity === entity);

afterAll(async () => {
  await getDatabase().delete();
});

function signIn(user: SessionUser) {
  useAuthStore.setState({
    ...initialAuthStateForTest,
    status: 'authenticated',
    user,
    accessToken: 't',
  });
}

/** A machine with a hydraulic unit holding one tank. */
async function seed() {
  const db = getDatabase();
  const seeded = await seedMachine(db);
  const m = createMutator({ db, getUserId: () => 'seed' });
  const unit = await m.create('aggregate', {
    machineId: seeded.machineId,
    type: 'HYDRAULIC',
    circuitId: 'HA-1',
  });
  const tank = await m.create('tank', { aggregateId: unit.id, oilArt: 'HLP 46' });
  const base = `/customer/${seeded.companyId}/machine/${seeded.machineId}`;
  return { ...seeded, unit, tank, base, m };
}

describe('inspection screens', () => {
  it('opens a new checklist without storing anything; the first save creates it with the answers', async () => {
    signIn(staffUser);
    const s = await seed();
    const { router } = await renderRoute(<InspectionAuditScreen />, {
      path: `${MACHINE}/inspection/audit`,
      url: `${s.base}/inspection/audit`,
    });
    const tankResult = await screen.findByRole(
      'radiogroup',
      { name: 'Ergebnis: Tank HLP 46' },
      SLOW,
    );
    expect(
      screen.getByRole('radiogroup', { name: 'Ergebnis: Hydraulikaggregat HA-1' }),
    ).toBeTruthy();
    // Opening writes nothing: no row to sync, no call in the outbox, no id in the URL.
    expect(await listMachineReports(getDatabase(), 'inspection', s.machineId)).toEqual([]);
    expect(await outbox('inspection')).toEqual([]);
    expect(router.state.location.search).toBe('');

    fireEvent.click(within(tankResult).getByLabelText('Mangel'));
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zur Unterschrift' }));
    expect(
      await screen.findByText('Bei einem Mangel bitte beschreiben, was festgestellt wurde.'),
    ).toBeTruthy();
    expect(await outbox('inspection')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Notiz: Tank HLP 46' }), {
      target: { value: 'Tank undicht' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zur Unterschrift' }));
    expect(
      await screen.findByRole('button', { name: 'Inspektion abschließen' }, SLOW),
    ).toBeTruthy();
    const items = [
      { targetType: 'aggregate', targetId: s.unit.id, result: 'NOT_CHECKED', note: null },
      { targetType: 'tank', targetId: s.tank.id, result: 'DEFECT', note: 'Tank undicht' },
    ];
    const [draft, ...others] = await listMachineReports(getDatabase(), 'inspection', s.machineId);
    expect(others).toEqual([]);
    expect(draft).toMatchObject({
      state: 'DRAFT',
      technician: 'Tom Techniker',
      locale: 'de',
      items,
    });
    expect(router.state.location.search).toBe(`?id=${draft?.id}&step=finish`);
    // One call carries the new report with its answers.
    const entries = await outbox('inspection');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'create', recordId: draft?.id });
    expect(entries[0]?.body).toMatchObject({ data: { id: draft?.id, state: 'DRAFT', items } });

    // Finishing needs a signature (the pad draws nothing in jsdom).
    expect(screen.getByRole('textbox', { name: /Name des Technikers/ })).toHaveProperty(
      'value',
      'Tom Techniker',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Inspektion abschließen' }));
    expect(await screen.findByText('Bitte unterschreiben Sie den Bericht.')).toBeTruthy();
  });

  it('names the report in the URL once "save draft" has stored it', async () => {
    signIn(staffUser);
    const s = await seed();
    const { router } = await renderRoute(<InspectionAuditScreen />, {
      path: `${MACHINE}/inspection/audit`,
      url: `${s.base}/inspection/audit`,
    });
    const tankResult = await screen.findByRole(
      'radiogroup',
      { name: 'Ergebnis: Tank HLP 46' },
      SLOW,
    );
    fireEvent.click(within(tankResult).getByLabelText('In Ordnung'));
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?id=/), SLOW);
    const [draft] = await listMachineReports(getDatabase(), 'inspection', s.machineId);
    expect(router.state.location.search).toBe(`?id=${draft?.id}`);
    expect(draft?.items).toContainEqual({
      targetType: 'tank',
      targetId: s.tank.id,
      result: 'OK',
      note: null,
    });
    expect((await outbox('inspection')).filter((e) => e.recordId === draft?.id)).toHaveLength(1);
    // The form stays (same report), answered as before.
    expect(
      within(screen.getByRole('radiogroup', { name: 'Ergebnis: Tank HLP 46' })).getByLabelText(
        'In Ordnung',
      ),
    ).toHaveProperty('checked', true);
  });

  it('continues the same draft instead of starting another', async () => {
    signIn(staffUser);
    const s = await seed();
    const draft = await s.m.create('inspection', {
      machineId: s.machineId,
      date: '2026-01-01',
      technician: 'Tom Techniker',
    });
    const { router } = await renderRoute(<UvvAuditScreen />, {
      path: `${MACHINE}/uvvAudit`,
      url: `${s.base}/uvvAudit`,
    });
    expect(await screen.findByRole('heading', { name: 'UVV-Prüfung' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${draft.id}`), SLOW);
    expect(await listMachineReports(getDatabase(), 'inspection', s.machineId)).toHaveLength(1);
  });

  it('shows customer users the reports read-only', async () => {
    signIn(customerUser);
    const s = await seed();
    const draft = await s.m.create('inspection', {
      machineId: s.machineId,
      date: '2026-03-04',
      technician: 'Tom Techniker',
      items: [{ targetType: 'tank', targetId: s.tank.id, result: 'DEFECT', note: 'Riss' }],
    });
    await renderRoute(<InspectionList />, {
      path: `${MACHINE}/documents/inspection`,
      url: `${s.base}/documents/inspection`,
    });
    const row = await screen.findByTestId('report-row');
    expect(within(row).getByText('Tom Techniker')).toBeTruthy();
    expect(within(row).getByText('Entwurf')).toBeTruthy();
    expect(screen.queryByTestId('inspection-new')).toBeNull();

    await renderRoute(<InspectionReportScreen />, {
      path: `${MACHINE}/inspection/:inspectionId`,
      url: `${s.base}/inspection/${draft.id}`,
    });
    const items = await screen.findByTestId('inspection-items');
    expect(await within(items).findByText('Hydraulikaggregat HA-1 · Tank HLP 46')).toBeTruthy();
    expect(within(items).getByText('Notiz: Riss')).toBeTruthy();
    expect(screen.queryByTestId('report-continue')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();

    await renderRoute(<UvvAuditScreen />, {
      path: `${MACHINE}/uvvAudit`,
      url: `${s.base}/uvvAudit`,
    });
    expect(await screen.findByTestId('report-read-only')).toBeTruthy();
  });
});
