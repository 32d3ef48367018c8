// @vitest-environment jsdom
/**
 * A local save that fails (the device's storage refuses the write) says so and leaves the
 * check as it was: the screen stays, the answers stay chosen, nothing is stored.
 */
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SnackStack } from '@components/snacks';
import { getDatabase } from '@db/database';
import { auditChecksByPipe } from '@db/dguv-audit-list';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine } from '@tests/fixtures/sync';
import { runningAuditOf } from '../data/audit-queries';
import { startAudit } from '../data/audit-writes';
import { DguvCheckPipeScreen } from './dguv-check-pipe-screen';

configure({ asyncUtilTimeout: 5000 });
const db = () => getDatabase();
let pipeId = '';

beforeAll(async () => {
  const { machineId } = await seedMachine(db());
  const m = createMutator({ db, getUserId: () => staffUser.id });
  pipeId = (
    await m.create('pipe', { machineId, position: 1, code: 'T-1', productionDate: '2026-01-01' })
  ).id;
  await startAudit(
    {
      machine: { id: machineId },
      userId: staffUser.id,
      auditor: 'Tom',
      locale: 'de',
      running: null,
    },
    m,
  );
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await db().delete();
});

describe('a hose check the device cannot store', () => {
  it('says the device could not store it, and the check stays as it was', async () => {
    const { router, unmount } = await renderRoute(
      <>
        <DguvCheckPipeScreen />
        <SnackStack />
      </>,
      {
        path: '/dguv/audit/check-pipe',
        url: `/dguv/audit/check-pipe?pipe=${pipeId}`,
        others: ['/dguv/audit'],
      },
    );
    await screen.findByTestId('check-current-hose');
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Ordnung' }));
    for (const group of ['Schutz empfohlen', 'Schlauchleitung austauschen']) {
      fireEvent.click(
        within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', {
          name: 'Nein',
        }),
      );
    }
    // What IndexedDB answers when the device's storage is full.
    const full = vi
      .spyOn(db().outbox, 'add')
      .mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern', exact: true } as never));
    expect(
      await screen.findByText(/Der Speicher dieses Geräts ist voll\. Nichts wurde gespeichert/),
    ).toBeTruthy();
    full.mockRestore();
    expect(router.state.location.pathname).toBe('/dguv/audit/check-pipe');
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: /^In Ordnung/ }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
    const audit = await runningAuditOf(db(), staffUser.id);
    expect((await auditChecksByPipe(db(), audit!.id)).get(pipeId)).toBeUndefined();
    expect((await db().outbox.toArray()).filter((e) => e.entity === 'dguvAnswer')).toEqual([]);
    unmount();
  });
});
