// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@components/confirm';
import { addBlob, getBlob, markBlobFailed } from '@db/blob-repository';
import { getDatabase } from '@db/database';
import { appendSyncLog } from '@db/sync-log';
import { useAuthStore } from '@lib/auth';
import { renderWithProviders } from '@tests/fixtures/render';
import { pendingBlob } from '@tests/fixtures/sync';
import type * as IssuesNs from '@sync/issues';
import { useSyncStore } from '@sync';
import { SyncIssuesPage } from './sync-issues-page';
import { conflictRecord, outboxEntry } from './test-entries';

const issues = vi.hoisted(() => ({
  resolveConflict: vi.fn<typeof IssuesNs.resolveConflict>(),
  retryEntry: vi.fn<typeof IssuesNs.retryEntry>(),
  discardEntry: vi.fn<typeof IssuesNs.discardEntry>(),
}));

const download = vi.hoisted(() => ({ saveBlob: vi.fn<(blob: Blob, name: string) => void>() }));
vi.mock('@lib/api/report-download', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...download,
}));

vi.mock('@sync/issues', async (importOriginal) => ({
  ...(await importOriginal<typeof IssuesNs>()),
  ...issues,
}));

const CONFLICT_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const REJECTED_ID = '0190a0b0-0000-7000-8000-0000000000a1';

async function seed() {
  const db = getDatabase();
  const conflicting = outboxEntry({ mutationId: CONFLICT_ID, state: 'conflict', seq: 1 });
  await db.outbox.add(conflicting);
  await db.conflicts.add(conflictRecord(conflicting));
  await db.outbox.add(
    outboxEntry({
      mutationId: REJECTED_ID,
      state: 'rejected',
      seq: 2,
      name: 'finishAudit',
      method: 'POST',
      path: '/dguv/audit/finish/a1',
      error: {
        status: 409,
        code: 'audit_approved',
        message: 'Die Prüfung ist bereits freigegeben.',
      },
    }),
  );
  // Another user's entry on the same device is not this user's problem.
  await db.outbox.add(
    outboxEntry({ mutationId: crypto.randomUUID(), state: 'rejected', userId: 'someone-else' }),
  );
}

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <SyncIssuesPage />
      <ConfirmDialog />
    </MemoryRouter>,
  );

/** Answers the open confirm dialog with its confirm button. */
async function confirmDialog() {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Verwerfen' }));
}

beforeEach(() => {
  useAuthStore.setState({ status: 'authenticated', user: { id: 'u-tech' } as never });
  for (const fn of Object.values(issues)) fn.mockReset().mockResolvedValue(undefined);
});

afterEach(async () => {
  const db = getDatabase();
  await Promise.all([db.outbox.clear(), db.conflicts.clear(), db.syncLog.clear()]);
});

/** A Blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

describe('sync log export', () => {
  it('downloads the flight recorder as JSON named after the device and the day', async () => {
    const db = getDatabase();
    await db.meta.put({
      key: 'client:u-tech',
      value: { clientId: 'dev-1', lastSeq: 0, broken: null },
    });
    await appendSyncLog(db, [
      { event: 'queued', mutationId: REJECTED_ID, entity: 'pipe', name: 'cms.create' },
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Sync-Protokoll exportieren' }));
    await waitFor(() => expect(download.saveBlob).toHaveBeenCalledTimes(1));
    const [blob, name] = download.saveBlob.mock.calls[0]!;
    expect(name).toBe(`sync-log-dev-1-${new Date().toISOString().slice(0, 10)}.json`);
    const doc = JSON.parse(await textOf(blob)) as {
      deviceId: string;
      events: { mutationId: string }[];
    };
    expect(doc.deviceId).toBe('dev-1');
    expect(doc.events.map((e) => e.mutationId)).toEqual([REJECTED_ID]);
  });
});

describe('SyncIssuesPage', () => {
  it('says everything is synced when there is nothing to decide', async () => {
    await renderPage();
    expect(await screen.findByText('Alles synchronisiert')).toBeTruthy();
  });

  it('does not say everything is synced while changes still wait', async () => {
    useSyncStore.setState({ pending: 3 });
    try {
      await renderPage();
      expect(await screen.findByText('Keine Probleme')).toBeTruthy();
      expect(screen.getByText('3 Änderungen warten noch auf Übertragung.')).toBeTruthy();
      expect(screen.queryByText('Alles synchronisiert')).toBeNull();
    } finally {
      useSyncStore.setState({ pending: 0 });
    }
  });

  it('lists a conflict per field and applies the chosen values', async () => {
    await seed();
    await renderPage();
    const card = await screen.findByTestId(`conflict-${CONFLICT_ID}`);
    const row = within(card).getByTestId('conflict-field-comment');
    expect(row.textContent).toContain('Vor Ort geändert');
    expect(row.textContent).toContain('Vom Büro geändert');
    expect(card.textContent).toContain('Auf dem Server geändert am');
    fireEvent.click(within(row).getByLabelText('Server'));
    fireEvent.click(within(card).getByRole('button', { name: 'Auswahl übernehmen' }));
    await waitFor(() => expect(issues.resolveConflict).toHaveBeenCalledTimes(1));
    expect(issues.resolveConflict).toHaveBeenCalledWith(expect.anything(), CONFLICT_ID, {
      comment: 'theirs',
    });
  });

  it('tells a customer in plain words what was refused and what to do, without technical text', async () => {
    useAuthStore.setState({
      status: 'authenticated',
      user: { id: 'u-tech', customer: 'c1', roles: [] } as never,
    });
    await seed();
    await renderPage();
    const card = await screen.findByTestId(`rejection-${REJECTED_ID}`);
    expect(within(card).getByTestId('issue-what').textContent).toBe('Änderung: Maschine');
    expect(within(card).getByTestId('refusal-why').textContent).toBe(
      'Die Änderung passt nicht zu dem, was inzwischen auf dem Server gespeichert ist.',
    );
    expect(within(card).getByTestId('refusal-advice').textContent).toContain('verwerfen');
    expect(within(card).queryByTestId('issue-call')).toBeNull();
    expect(card.textContent).not.toContain('/dguv/audit/finish');
    expect(card.textContent).not.toContain('409');
  });

  it('lists a rejection with its reason and call for staff, and sends it again', async () => {
    useAuthStore.setState({
      status: 'authenticated',
      user: { id: 'u-tech', customer: null, roles: [] } as never,
    });
    await seed();
    await renderPage();
    const card = await screen.findByTestId(`rejection-${REJECTED_ID}`);
    expect(card.textContent).toContain('Die Prüfung ist bereits freigegeben.');
    expect(within(card).getByTestId('issue-call').textContent).toContain(
      'POST /dguv/audit/finish/a1',
    );
    expect(screen.getAllByTestId(/^rejection-/)).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Erneut senden' }));
    await waitFor(() =>
      expect(issues.retryEntry).toHaveBeenCalledWith(expect.anything(), REJECTED_ID),
    );
  });

  it('discards a rejection only after the user confirms', async () => {
    await seed();
    await renderPage();
    const card = await screen.findByTestId(`rejection-${REJECTED_ID}`);

    fireEvent.click(within(card).getByRole('button', { name: 'Verwerfen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('rückgängig');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(issues.discardEntry).not.toHaveBeenCalled();

    fireEvent.click(within(card).getByRole('button', { name: 'Verwerfen' }));
    await confirmDialog();
    await waitFor(() =>
      expect(issues.discardEntry).toHaveBeenCalledWith(expect.anything(), REJECTED_ID),
    );
  });

  it('lists a file the server refused; discarding it (after confirming) removes it', async () => {
    const db = getDatabase();
    const id = '0190a0b0-0000-7000-8000-00000000f001';
    await addBlob(
      db,
      pendingBlob(id, '0190a0b0-0000-7000-8000-00000000e001', {
        sha256: 'ab'.repeat(32),
        size: 12 * 1024 * 1024,
        name: 'typenschild.jpg',
      }),
    );
    await markBlobFailed(db, id, { status: 413, code: 'too_large', message: 'file too large' });
    await renderPage();
    const card = await screen.findByTestId(`failed-file-${id}`);
    expect(card.textContent).toContain('typenschild.jpg');
    expect(card.textContent).toContain('Die Datei ist zu groß für den Server.');
    fireEvent.click(within(card).getByRole('button', { name: 'Datei verwerfen' }));
    await confirmDialog();
    await waitFor(() => expect(screen.queryByTestId(`failed-file-${id}`)).toBeNull());
    expect(await getBlob(db, id)).toBeUndefined();
  });
});
