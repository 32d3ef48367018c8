// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { renderWithProviders } from '@tests/fixtures/render';
import { captureImage, ImageCompressionError, type CaptureOptions } from '@sync';
import { ImageField } from './image-field';

vi.mock('@sync/blob-capture', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  captureImage: vi.fn(),
}));
const capture = vi.mocked(captureImage);

afterAll(async () => {
  await getDatabase().delete();
});

/** A capture that reports `percent` and waits until the test lets it finish. */
function slowCapture(percent: number) {
  let finish!: (result: string | Error) => void;
  capture.mockImplementationOnce((_file, options: CaptureOptions) => {
    options.onProgress?.(0);
    options.onProgress?.(percent);
    return new Promise((resolve, reject) => {
      finish = (result) => (typeof result === 'string' ? resolve(result) : reject(result));
    });
  });
  return (result: string | Error) => finish(result);
}

async function renderField(onChange = vi.fn(() => Promise.resolve())) {
  const view = await renderWithProviders(
    <ImageField entity="machine" rowId="m1" value={null} onChange={onChange} label="Foto" />,
  );
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  const choose = () =>
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'foto.jpg', { type: 'image/jpeg' })] },
    });
  return { onChange, choose };
}

describe('ImageField while a photo is compressed', () => {
  beforeEach(() => capture.mockReset());

  it('shows the progress in words and as a bar, and waits with the button', async () => {
    const finish = slowCapture(40);
    const { onChange, choose } = await renderField();
    choose();
    const bar = await screen.findByRole('progressbar', { name: 'Foto wird verkleinert … 40 %' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Foto wird verkleinert … 40 %')).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Bild hochladen' });
    expect((upload as HTMLButtonElement).disabled).toBe(true);
    expect(capture.mock.calls[0]![1]).toMatchObject({ entity: 'machine', rowId: 'm1' });

    finish('blob-1');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('blob-1'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(
      (screen.getByRole('button', { name: 'Bild hochladen' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('says so when the photo cannot be compressed, and lets the user try again', async () => {
    const finish = slowCapture(70);
    const { onChange, choose } = await renderField();
    choose();
    await screen.findByRole('progressbar', { name: 'Foto wird verkleinert … 70 %' });
    finish(new ImageCompressionError(new Error('canvas too large')));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Das Foto konnte nicht verkleinert werden/,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    // The same file again starts a new try (the input was cleared).
    capture.mockResolvedValueOnce('blob-2');
    choose();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('blob-2'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
