// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { renderRoute } from '@tests/fixtures/render';
import { signedInDevice } from '@tests/fixtures/signed-in-device';
import { officeUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { DguvStartScreen } from './dguv-start-screen';

const SLOW = { timeout: 8000 };

describe('DGUV start without a machine', () => {
  signedInDevice(officeUser);

  it('lets the user pick a machine across customers instead of a dead end', async () => {
    const m = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
    const maker = await m.create('manufacturer', { name: 'HYDAC' });
    const ids: string[] = [];
    for (const name of ['Alpha GmbH', 'Beta AG']) {
      const company = await m.create('company', { name });
      const machine = await m.create('machine', {
        companyId: company.id,
        manufacturerId: maker.id,
        internalId: `INV-${name.slice(0, 1)}`,
        machineType: name === 'Beta AG' ? 'Bagger' : 'Presse',
      });
      ids.push(machine.id);
    }
    await renderRoute(<DguvStartScreen />, { path: '/dguv', url: '/dguv' });
    await screen.findByTestId('dguv-machine-picker', {}, SLOW);
    await waitFor(() => expect(screen.getAllByTestId('dguv-pick-machine')).toHaveLength(2), SLOW);
    fireEvent.change(screen.getByLabelText('Maschine suchen'), { target: { value: 'beta' } });
    await waitFor(() => expect(screen.getAllByTestId('dguv-pick-machine')).toHaveLength(1));
    expect(screen.getByText('Bagger · INV-B')).toBeTruthy();
    expect(screen.getByTestId('dguv-pick-machine').getAttribute('href')).toBe(
      `/dguv?machine=${ids[1]}`,
    );
    fireEvent.change(screen.getByLabelText('Maschine suchen'), { target: { value: 'nichts' } });
    expect(await screen.findByText('Keine Maschine gefunden.')).toBeTruthy();
  });
});
