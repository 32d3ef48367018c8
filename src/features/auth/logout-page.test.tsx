// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import type { OutboxEntry } from '@db/records';
import { useAuthStore } from '@lib/auth';
import type * as AuthNs from '@lib/auth';
import { renderWithProviders } from '@tests/fixtures/render';
import { LogoutPage } from './logout-page';
import type * as UnsentNs from './unsent-changes';

const auth = vi.hoisted(() => ({ logout: vi.fn<() => Promise<void>>() }));
vi.mock('@lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthNs>()),
  logout: auth.logout,
}));

const sync = vi.hoisted(() => ({ syncNow: vi.fn<() => Promise<void>>() }));
vi.mock('./unsent-changes', async (importOriginal) => ({
  ...(await importOriginal<typeof UnsentNs>()),
  syncNow: sync.syncNow,
}));

function pendingEntry(localSeq: number): OutboxEntry {
  return {
    localSeq,
    seq: null,
    mutationId: `0190a0b0-0000-7000-8000-00000000000${localSeq}`,
    userId: 'u-tech',
    name: 'cms.update',
    method: 'PATCH',
    path: '/cms/machine/update/m1',
    body: {},
    recordId: 'm1',
    baseVersion: 1,
    changedFields: ['comment'],
    dependsOn: [],
    schemaVersion: 1,
    kind: 'update',
    entity: 'machine',
    state: 'pending',
    attempts: 0,
    lastError: null,
    error: null,
    nextAttemptAt: null,
    undo: null,
    createdAt: '2026-01-05T09:00:00.000Z',
  };
}

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/auth/logout']}>
      <LogoutPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  useAuthStore.setState({ status: 'authenticated', user: { id: 'u-tech' } as never });
  auth.logout.mockReset().mockReturnValue(new Promise(() => undefined));
  sync.syncNow.mockReset();
});

afterEach(async () => {
  await getDatabase().outbox.clear();
});

describe('LogoutPage', () => {
  it('signs out at once when nothing is pending', async () => {
    await renderPage();
    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('logout-pending')).toBeNull();
    expect(screen.getByText('Sie werden abgemeldet …')).toBeTruthy();
  });

  it('warns about pending changes and signs out only when the user says so', async () => {
    await getDatabase().outbox.bulkAdd([pendingEntry(1), pendingEntry(2)]);
    await renderPage();
    expect(
      await screen.findByText('2 Änderungen sind noch nicht übertragen – jetzt synchronisieren?'),
    ).toBeTruthy();
    expect(screen.getByText(/bleiben die Daten auf diesem Gerät/)).toBeTruthy();
    expect(auth.logout).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Trotzdem abmelden' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
  });

  it('syncs first and asks again when changes are still unsent', async () => {
    await getDatabase().outbox.add(pendingEntry(1));
    sync.syncNow.mockResolvedValue(undefined);
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Synchronisieren und abmelden' }));
    expect(
      await screen.findByText('Nicht alle Änderungen konnten übertragen werden.'),
    ).toBeTruthy();
    expect(sync.syncNow).toHaveBeenCalledTimes(1);
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('signs out after a sync that sent everything', async () => {
    await getDatabase().outbox.add(pendingEntry(1));
    sync.syncNow.mockImplementation(() => getDatabase().outbox.clear());
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Synchronisieren und abmelden' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
  });
});
