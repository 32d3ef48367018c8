// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine } from '@tests/fixtures/sync';
import { runningAuditOf } from '../data/audit-queries';
import { DguvStartScreen } from './dguv-start-screen';

// Writes run the whole mutator on fake IndexedDB: on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 10_000 });
let machineId = '';

beforeAll(async () => {
  const db = getDatabase();
  machineId = (await seedMachine(db)).machineId;
  const m = createMutator({ db, getUserId: () => staffUser.id });
  const base = { machineId, dn: 12, maxPn: 250, length: 900, productionDate: '2026-01-01' };
  // Position 1 was swapped (docs/hose-lifecycle.md): the old assembly retired, the new one in.
  const old = await m.create('pipe', { ...base, position: 1, code: 'T-1' });
  const successor = await m.create('pipe', {
    ...base,
    position: 1,
    code: 'T-1N',
    predecessorId: old.id,
  });
  await m.update('pipe', old.id, { retiredAt: '2026-11-20', successorId: successor.id });
  await m.create('pipe', { ...base, position: 2, code: 'T-2' });
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await getDatabase().delete();
});

describe('DGUV start with a swapped hose', () => {
  it('counts installed hoses only, names the new one to inspect before first use and starts with that occasion', async () => {
    const { router, unmount } = await renderRoute(<DguvStartScreen />, {
      path: '/dguv',
      url: `/dguv?machine=${machineId}`,
      others: ['/dguv/audit'],
    });
    // The retired assembly is off the machine: two hoses to check, not three.
    expect(await screen.findByText('2 (davon 0 kritisch)')).toBeTruthy();
    expect((await screen.findByTestId('first-use-hoses')).textContent).toContain(
      '1 neue Schlauchleitung ist vor der ersten Inbetriebnahme zu prüfen.',
    );
    const firstUse = screen.getByRole('radio', { name: /vor der ersten Inbetriebnahme/ });
    await waitFor(() => expect((firstUse as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Prüfung starten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dguv/audit'));
    expect(await runningAuditOf(getDatabase(), staffUser.id)).toMatchObject({
      machineId,
      occasion: 'FIRST_USE',
    });
    unmount();
  });
});
