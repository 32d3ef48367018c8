// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@tests/fixtures/render';
import { seedMachine } from '@tests/fixtures/sync';
import { customerUser, initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { getDatabase } from '@db/database';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { createMutator } from '@sync';
import { HoseLinkScreen } from './hose-link-screen';
import ScanDialog from './scan-dialog';

configure({ asyncUtilTimeout: 5000 });
const ids = { machineId: '', companyId: '', pipeId: '' };
const db = () => getDatabase();
const signIn = (user: SessionUser) =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });

beforeAll(async () => {
  Object.assign(ids, await seedMachine(db()));
  const m = createMutator({ db, getUserId: () => staffUser.id });
  ids.pipeId = (
    await m.create('pipe', { machineId: ids.machineId, position: 1, code: 'HM-000123' })
  ).id;
});
afterAll(async () => {
  await db().delete();
});

const PAGE = '/customer/:customerId/machine/:machineId/parts/pipes/:pipeId';
const LIST = '/customer/:customerId/machine/:machineId/parts/pipes';

describe('the hose link /h/{code}', () => {
  const open = (code: string, auditCheck?: () => Promise<string | null>) =>
    renderRoute(<HoseLinkScreen auditCheck={auditCheck} />, {
      path: '/h/:code',
      url: `/h/${encodeURIComponent(code)}`,
      others: [PAGE, LIST, '/dguv/audit/check-pipe'],
    });

  it('opens the hose page for staff, whatever the case of the code', async () => {
    signIn(staffUser);
    const { router, unmount } = await open('hm-000123');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/customer/${ids.companyId}/machine/${ids.machineId}/parts/pipes/${ids.pipeId}`,
      ),
    );
    unmount();
  });

  it('opens the machine hose list filtered to the code for a customer user', async () => {
    signIn(customerUser);
    const { router, unmount } = await open('HM-000123');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/customer/${ids.companyId}/machine/${ids.machineId}/parts/pipes`,
      ),
    );
    expect(router.state.location.search).toBe('?q=HM-000123');
    unmount();
  });

  it('goes straight into the check during a running audit of the machine', async () => {
    signIn(staffUser);
    const check = vi.fn(async () => `/dguv/audit/check-pipe?pipe=${ids.pipeId}`);
    const { router, unmount } = await open('HM-000123', check);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dguv/audit/check-pipe'));
    expect(router.state.location.search).toBe(`?pipe=${ids.pipeId}`);
    unmount();
  });

  it('says when the code is not on this device, and opens a typed one', async () => {
    signIn(staffUser);
    const { router, unmount } = await open('HM-999999');
    expect((await screen.findByTestId('hose-link-unknown')).textContent).toContain(
      'Die Schlauchleitung HM-999999 ist nicht auf diesem Gerät.',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Schlauchcode' }), {
      target: { value: 'HM-000123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/customer/${ids.companyId}/machine/${ids.machineId}/parts/pipes/${ids.pipeId}`,
      ),
    );
    unmount();
  });
});

describe('the scan dialog without a camera', () => {
  const media = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  afterEach(() => {
    if (media) Object.defineProperty(navigator, 'mediaDevices', media);
    else Reflect.deleteProperty(navigator, 'mediaDevices');
  });
  const openDialog = (onClose = vi.fn()) =>
    renderRoute(<ScanDialog onClose={onClose} />, { path: '/', url: '/', others: ['/h/:code'] });
  const type = (text: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Schlauchcode' }), {
      target: { value: text },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
  };

  it('says there is no camera, and the typed code (or link) opens the hose', async () => {
    signIn(staffUser);
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const onClose = vi.fn();
    const { router, unmount } = await openDialog(onClose);
    expect((await screen.findByTestId('scan-camera-error')).textContent).toBe(
      'Dieses Gerät hat keine nutzbare Kamera. Geben Sie den Code ein.',
    );
    type('XX-1');
    expect(
      await screen.findByText(/Die Schlauchleitung XX-1 ist nicht auf diesem Gerät/),
    ).toBeTruthy();
    type('https://schlauch.example/h/hm-000123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/h/HM-000123'));
    expect(onClose).toHaveBeenCalled();
    unmount();
  });

  it('says so when the camera may not be used', async () => {
    signIn(staffUser);
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia },
      configurable: true,
    });
    const { unmount } = await openDialog();
    expect((await screen.findByTestId('scan-camera-error')).textContent).toMatch(
      /^Kein Zugriff auf die Kamera/,
    );
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
    expect(screen.getByRole('textbox', { name: 'Schlauchcode' })).toBeTruthy();
    unmount();
  });
});
