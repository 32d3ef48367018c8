// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { PipeCreateScreen } from './pipe-create-screen';

// A save runs the whole mutator on fake IndexedDB: on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 10_000 });
const PATH = '/customer/:customerId/machine/:machineId/parts/pipes/create';
const LIST = '/customer/:customerId/machine/:machineId/parts/pipes';
let machineId = '';
let url = '';

beforeAll(async () => {
  const db = getDatabase();
  const seeded = await seedMachine(db);
  machineId = seeded.machineId;
  url = `/customer/${seeded.companyId}/machine/${machineId}/parts/pipes/create`;
  await rowTable(db, 'companySettings').put(
    serverRow({ name: 'Firma', pipeCodePrefix: 'SM', assemblySurchargeCents: 0 }),
  );
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  await mutate.create('pipe', { machineId, position: 1, code: 'SM-000001' });
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await getDatabase().delete();
});

const hosesOnMachine = async () =>
  (await rowTable(getDatabase(), 'pipe').where('machineId').equals(machineId).toArray()).map(
    (p) => p.code,
  );

describe('create a hose', () => {
  it('suggests the next position and code, and refuses a code that exists (docs/api.md)', async () => {
    const { router } = await renderRoute(<PipeCreateScreen />, { path: PATH, url, others: [LIST] });
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    expect((code as HTMLInputElement).value).toBe('SM-000002');
    expect((screen.getByRole('textbox', { name: /^Position/ }) as HTMLInputElement).value).toBe(
      '2',
    );

    fireEvent.change(code, { target: { value: 'sm-000001 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der gewählte Code existiert bereits.')).toBeTruthy();
    expect(await hosesOnMachine()).toEqual(['SM-000001']);

    fireEvent.change(code, { target: { value: 'SM-000002' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Länge/ }), {
      target: { value: '1200' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/parts\/pipes$/));
    const saved = await rowTable(getDatabase(), 'pipe').where('code').equals('SM-000002').first();
    expect(saved).toMatchObject({ position: 2, length: 1200, fittingLeft: null });
  });

  it('shows the validation messages of the schema', async () => {
    await renderRoute(<PipeCreateScreen />, { path: PATH, url, others: [LIST] });
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    fireEvent.change(code, { target: { value: '' } });
    const [twistLeft] = screen.getAllByRole('textbox', { name: /Verdrehwinkel/ });
    fireEvent.change(twistLeft!, { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    // The first invalid field gets the focus; the angle field, left, keeps no more
    // than its maximum — as when a finger taps Save in a browser.
    await waitFor(() => expect(document.activeElement).toBe(code));
    await waitFor(() => expect((twistLeft as HTMLInputElement).value).toBe('360'));
  });

  it.each([
    ['2409', '2024-09-01', '15.03.2025', '2025-03-15'],
    ['09/2024', '2024-09-01', '', null],
    ['3Q24', '2024-07-01', '', null],
  ])(
    'takes the production date %s as stamped on the fitting, and the installation date',
    async (stamp, stored, typedInstallation, installationDate) => {
      const { router } = await renderRoute(<PipeCreateScreen />, {
        path: PATH,
        url,
        others: [LIST],
      });
      const code = await screen.findByRole('textbox', { name: /^Code/ });
      const newCode = `SM-1${stamp.replace(/\W/g, '').padStart(5, '0')}`;
      fireEvent.change(code, { target: { value: newCode } });
      fireEvent.change(screen.getByRole('textbox', { name: /^Herstelldatum/ }), {
        target: { value: stamp },
      });
      if (typedInstallation) {
        const installed = screen.getByRole('textbox', { name: /^Einbaudatum/ });
        fireEvent.change(installed, { target: { value: typedInstallation } });
        fireEvent.blur(installed);
      }
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(router.state.location.pathname).toMatch(/\/parts\/pipes$/));
      const saved = await rowTable(getDatabase(), 'pipe').where('code').equals(newCode).first();
      expect(saved).toMatchObject({ productionDate: stored, installationDate });
      cleanup();
    },
  );

  it('refuses a production date that is no stamp, with the message, and saves nothing', async () => {
    await renderRoute(<PipeCreateScreen />, { path: PATH, url, others: [LIST] });
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    fireEvent.change(code, { target: { value: 'SM-000200' } });
    const production = screen.getByRole('textbox', { name: /^Herstelldatum/ });
    fireEvent.change(production, { target: { value: '24/09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText(
        'Bitte das Datum wie auf der Armatur eingeben: Jahr/Monat (2409), Monat/Jahr (09/2024) oder Quartal (3Q24).',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(production));
    expect(await hosesOnMachine()).not.toContain('SM-000200');
  });
});
