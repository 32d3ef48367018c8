// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tests/fixtures/render';
import { ReportDownloadButton } from './report-download-button';
import { SnackStack, clearSnacks } from './snacks';

const download = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('../lib/api/report-download', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  downloadReport: download.fn,
}));
const { ReportNotSyncedError, ReportOfflineError } = await import('../lib/api/report-download');

const lastSnack = () => screen.queryAllByTestId('snack').at(-1)?.textContent;

/** Clicks again once the previous download has finished (a busy button ignores clicks). */
async function clickAgain() {
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'PDF herunterladen' });
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

afterEach(() => {
  download.fn.mockReset();
  clearSnacks();
});

async function click() {
  await renderWithProviders(
    <>
      <ReportDownloadButton kind="dguv" id="a1" version={2} />
      <SnackStack />
    </>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
}

describe('ReportDownloadButton', () => {
  it('downloads the report of the given kind, id and version', async () => {
    download.fn.mockResolvedValue({ blob: new Blob(), source: 'fresh', fetchedAt: '' });
    await click();
    await waitFor(() => expect(download.fn).toHaveBeenCalledWith('dguv', 'a1', 2));
    expect(lastSnack()).toBeUndefined();
  });

  it('says when an offline copy may be outdated', async () => {
    download.fn.mockResolvedValue({
      blob: new Blob(),
      source: 'stale',
      fetchedAt: '2026-03-04T08:00:00.000Z',
    });
    await click();
    await waitFor(() => expect(lastSnack()).toMatch(/möglicherweise nicht mehr aktuell/));
  });

  it('explains offline-without-copy, not-yet-synchronised and other failures', async () => {
    download.fn.mockRejectedValueOnce(new ReportOfflineError());
    await click();
    await waitFor(() => expect(lastSnack()).toMatch(/erst verfügbar, nachdem er einmal online/));
    download.fn.mockRejectedValueOnce(new ReportNotSyncedError());
    await clickAgain();
    await waitFor(() => expect(lastSnack()).toMatch(/sobald die Prüfung synchronisiert/));
    download.fn.mockRejectedValueOnce(new Error('500'));
    await clickAgain();
    await waitFor(() => expect(lastSnack()).toBe('Berichtsdaten konnten nicht abgerufen werden.'));
  });
});
