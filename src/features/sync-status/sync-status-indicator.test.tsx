// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tests/fixtures/render';
import { initialSyncStatus, useSyncStore } from '@sync';
import { SyncNotices } from './sync-notices';
import { SyncStatusIndicator } from './sync-status-indicator';

const renderIndicator = () =>
  renderWithProviders(
    <MemoryRouter>
      <SyncStatusIndicator />
      <SyncNotices />
    </MemoryRouter>,
  );

afterEach(() => {
  useSyncStore.setState({ ...initialSyncStatus });
  vi.unstubAllGlobals();
});

/** `navigator.storage` as the browser has it: persisted or not, or none (WebKit). */
function storageIs(persisted: boolean | null) {
  vi.stubGlobal('navigator', {
    ...navigator,
    storage:
      persisted === null
        ? undefined
        : { persisted: () => Promise.resolve(persisted), persist: () => Promise.resolve(false) },
  });
}

describe('SyncStatusIndicator', () => {
  it('shows the server unreachable (browser online), the pending count and a problem link', async () => {
    useSyncStore.setState({ online: false, pending: 3, problems: 2 });
    await renderIndicator();
    expect(screen.getByTestId('online-indicator').textContent).toBe('Server nicht erreichbar');
    expect(screen.getByTestId('sync-pending').textContent).toBe('3');
    expect(screen.getByLabelText('3 Änderungen warten auf Übertragung')).toBeTruthy();
    const problems = screen.getByRole('link', { name: /2 Probleme/ });
    expect(problems.getAttribute('href')).toBe('/sync-issues');
    expect(screen.getByTestId('sync-status-live').textContent).toBe(
      'Server nicht erreichbar. 3 Änderungen warten auf Übertragung. 2 Probleme',
    );
  });

  it('shows offline when the browser has no network', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      useSyncStore.setState({ online: false, pending: 1 });
      await renderIndicator();
      expect(screen.getByTestId('online-indicator').textContent).toBe('Offline');
      expect(screen.getByTestId('online-indicator').getAttribute('data-state')).toBe('offline');
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
  });

  it('shows online with nothing pending, the spinner, last sync and waiting for sign-in', async () => {
    useSyncStore.setState({
      syncing: true,
      waitingForAuth: true,
      lastSyncAt: '2026-01-05T13:32:00.000Z', // 14:32 in Berlin, the app's zone
    });
    await renderIndicator();
    expect(screen.getByTestId('online-indicator').textContent).toBe('Online');
    expect(screen.queryByTestId('sync-pending')).toBeNull();
    expect(screen.queryByTestId('sync-problems')).toBeNull();
    expect(screen.getByLabelText('Wird synchronisiert …')).toBeTruthy();
    expect(screen.getByTestId('sync-waiting-auth').textContent).toBe('Warte auf Anmeldung');
    expect(screen.getByTestId('sync-last').textContent).toContain('14:32');
  });

  it('shows the first load of a new device and a full storage as notices', async () => {
    useSyncStore.setState({
      pullProgress: { received: 1200, done: false },
      lastError: 'QuotaExceededError: The quota has been exceeded.',
    });
    await renderIndicator();
    expect(screen.getByTestId('sync-initial-load').textContent).toContain(
      'Daten werden geladen … 1200 Datensätze',
    );
    expect(screen.getByTestId('sync-quota-error').textContent).toContain('Speicher voll');
  });

  it('says plainly that unsent work is at risk while storage is not persistent', async () => {
    useSyncStore.setState({ pending: 2, problems: 1 });
    storageIs(false);
    await renderIndicator();
    const notice = await screen.findByTestId('storage-risk-notice');
    expect(notice.textContent).toContain('Daten auf diesem Gerät sind nicht sicher gespeichert');
    expect(notice.textContent).toContain(
      'Auf diesem Gerät warten 3 Änderungen darauf, gesendet zu werden.',
    );
    expect(screen.getByRole('link', { name: 'Was tun?' }).getAttribute('href')).toBe(
      '/sync-issues',
    );
  });

  it('says it too where the browser cannot say (no storage API), and not once persisted', async () => {
    useSyncStore.setState({ pending: 1 });
    storageIs(null);
    const first = await renderIndicator();
    expect((await screen.findByTestId('storage-risk-notice')).textContent).toContain('1 Änderung');
    first.unmount();
    storageIs(true);
    await renderIndicator();
    await waitFor(() => expect(screen.getByTestId('sync-pending').textContent).toBe('1'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('storage-risk-notice')).toBeNull();
  });

  it('asks before the tab closes while unsent work waits, and not without', async () => {
    useSyncStore.setState({ pending: 1 });
    await renderIndicator();
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    useSyncStore.setState({ pending: 0 });
    await waitFor(() => expect(screen.queryByTestId('sync-pending')).toBeNull());
    const again = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
  });

  it('says so when the server answered that its storage is full (507)', async () => {
    useSyncStore.setState({ lastError: 'errors:storageFull' });
    await renderIndicator();
    const notice = screen.getByTestId('sync-server-full');
    expect(notice.textContent).toContain('Speicher des Servers voll');
    expect(notice.textContent).toContain('bleiben auf diesem Gerät');
    expect(screen.queryByTestId('sync-quota-error')).toBeNull();
  });

  it('shows no load notice once the device has synced before', async () => {
    useSyncStore.setState({
      pullProgress: { received: 50, done: false },
      lastSyncAt: '2026-01-05T08:00:00.000Z',
    });
    await renderIndicator();
    expect(screen.queryByTestId('sync-initial-load')).toBeNull();
  });
});
