// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { renderWithProviders } from '@tests/fixtures/render';
import { captureImage, ImageCompressionError, type CaptureOptions } from '@sync';
import { writeDraft } from './data/draft-writes';
import type { ReportRow } from './report-kinds';
import { ReportPhotos } from './report-photos';

vi.mock('@sync/blob-capture', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  captureImage: vi.fn(),
}));
vi.mock('./data/draft-writes', () => ({ writeDraft: vi.fn(() => Promise.resolve()) }));
const capture = vi.mocked(captureImage);

afterAll(async () => {
  await getDatabase().delete();
});

const report = { id: 'r1', photoIds: [] as string[] } as unknown as ReportRow;
const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

async function renderPhotos() {
  const view = await renderWithProviders(<ReportPhotos entity="maintenance" report={report} />);
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  return (files: File[]) => fireEvent.change(input, { target: { files } });
}

describe('ReportPhotos while photos are compressed', () => {
  beforeEach(() => {
    capture.mockReset();
    vi.mocked(writeDraft).mockClear();
  });

  it('names which photo of how many and how far, with the add button waiting', async () => {
    let finishSecond!: () => void;
    capture.mockImplementationOnce((_file, options: CaptureOptions) => {
      options.onProgress?.(100);
      return Promise.resolve('p1');
    });
    capture.mockImplementationOnce((_file, options: CaptureOptions) => {
      options.onProgress?.(0);
      options.onProgress?.(70);
      return new Promise((resolve) => (finishSecond = () => resolve('p2')));
    });
    const choose = await renderPhotos();
    choose([jpeg('a.jpg'), jpeg('b.jpg')]);
    const text = 'Foto 2 von 2 wird verkleinert … 70 %';
    const bar = await screen.findByRole('progressbar', { name: text });
    expect(bar.getAttribute('aria-valuenow')).toBe('70');
    const add = screen.getByRole('button', { name: 'Fotos hinzufügen' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    finishSecond();
    await waitFor(() =>
      expect(writeDraft).toHaveBeenCalledWith('maintenance', report, { photoIds: ['p1', 'p2'] }),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(add.disabled).toBe(false);
  });

  it('shows the compression failure and saves nothing', async () => {
    capture.mockRejectedValueOnce(new ImageCompressionError(new Error('too large')));
    const choose = await renderPhotos();
    choose([jpeg('a.jpg')]);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Das Foto konnte nicht verkleinert werden/,
    );
    expect(writeDraft).not.toHaveBeenCalled();
  });

  it('gives the remove button of a photo a 44 px touch target', async () => {
    await renderWithProviders(
      <ReportPhotos entity="maintenance" report={{ ...report, photoIds: ['p1'] } as ReportRow} />,
    );
    const remove = screen.getByRole('button', { name: 'Foto 1 entfernen' });
    expect(remove.getAttribute('style')).toMatch(
      /--cb-size: calc\(2\.75rem \* var\(--mantine-scale\)\)/,
    ); // 44 px
  });
});
