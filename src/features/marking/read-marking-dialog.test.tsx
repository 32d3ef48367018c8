// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tests/fixtures/render';
import { ReadMarkingDialog } from './read-marking-dialog';

// The recognition needs a browser's canvas and WebAssembly: here it "reads" a given text.
const recognised = vi.hoisted(() => ({ text: '' }));
vi.mock('./ocr', () => {
  class OcrUnavailableError extends Error {}
  return {
    OcrUnavailableError,
    readText: vi.fn(async () => {
      if (recognised.text === 'offline') throw new OcrUnavailableError();
      return { text: recognised.text, confidence: 90 };
    }),
  };
});

const SLOW = { timeout: 8000 };
const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'm.jpg', {
  type: 'image/jpeg',
});

async function readPhoto(text: string, shown: RegExp | null = /Erkannter Text/) {
  recognised.text = text;
  const onConfirm = vi.fn();
  const onIllegible = vi.fn();
  await renderWithProviders(
    <ReadMarkingDialog opened onClose={() => {}} onConfirm={onConfirm} onIllegible={onIllegible} />,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input.accept).toBe('image/*');
  fireEvent.change(input, { target: { files: [photo] } });
  if (shown) await screen.findByRole('textbox', { name: shown }, SLOW);
  return { onConfirm, onIllegible };
}

describe('Read marking dialog', () => {
  beforeEach(() => {
    URL.createObjectURL ??= () => 'blob:photo';
    URL.revokeObjectURL ??= () => {};
  });

  it('says the first use downloads the engine and offers camera and gallery', async () => {
    await renderWithProviders(<ReadMarkingDialog opened onClose={() => {}} onConfirm={vi.fn()} />);
    expect(await screen.findByText(/ca\. 4 MB/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kamera' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Foto aus der Galerie' })).toBeTruthy();
  });

  it('shows each field read, none confirmed; only confirmed fields are handed on', async () => {
    const { onConfirm } = await readPhoto('PARKER 451TC-8 1/2" EN 857 2SC 400 BAR 5800 PSI 3Q24');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(5);
    for (const box of boxes) expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Schlauch 3. Quartal 2024')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Nennweite/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Schlauchtyp/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigte übernehmen' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0]![0]).toEqual({ dn: 12, hoseType: '2SC' });
    expect(onConfirm.mock.calls[0]![1]).toBe(photo);
  });

  it('reads an edited text anew and drops a confirmation whose value changed', async () => {
    const { onConfirm } = await readPhoto('GATES EN 853 2SN DN 10 280 BAR 3Q24');
    fireEvent.click(screen.getByRole('checkbox', { name: /Nennweite/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Max\. Betriebsdruck/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Erkannter Text/ }), {
      target: { value: 'GATES EN 853 2SN DN 12 280 BAR 3Q24' },
    });
    expect((screen.getByRole('checkbox', { name: /Nennweite/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigte übernehmen' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls[0]![0]).toEqual({ maxPn: 280 });
  });

  it('a marking that gives nothing cannot be applied; "cannot be read" hands it on', async () => {
    const { onConfirm, onIllegible } = await readPhoto('~~ ..  ');
    expect(screen.getByText(/keine Angabe gefunden/)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Bestätigte übernehmen' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Nicht lesbar' }));
    await waitFor(() => expect(onIllegible).toHaveBeenCalledWith(photo));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('offline without the engine ever loaded: says so instead of waiting', async () => {
    await readPhoto('offline', null);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toMatch(/noch nicht geladen/);
  });
});
