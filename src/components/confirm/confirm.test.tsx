// @vitest-environment jsdom
import '../../lib/testing/browser-stubs';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render';
import { ConfirmDialog } from './confirm-dialog';
import { CONFIRM_RESET_DELAY_MS, confirm, settleConfirm, useConfirmStore } from './confirm-store';

/** Opens a dialog; the answer is wrapped so that awaiting the helper does not await it. */
function openDialog(options: Parameters<typeof confirm>[0]): { answer: Promise<boolean> } {
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = confirm(options);
  });
  return { answer };
}

describe('confirm dialog', () => {
  beforeEach(async () => {
    await renderWithProviders(<ConfirmDialog />);
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => settleConfirm(false));
    if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('resolves true on confirm, with the default texts', async () => {
    const { answer } = openDialog({ title: 'Tank löschen?', message: 'Wirklich löschen?' });
    expect(screen.getByText('Tank löschen?')).toBeTruthy();
    expect(screen.getByText('Wirklich löschen?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await expect(answer).resolves.toBe(true);
    expect(useConfirmStore.getState().opened).toBe(false);
  });

  it('resolves false on cancel, with custom texts', async () => {
    const { answer } = openDialog({
      message: 'Verwerfen?',
      confirmText: 'Verwerfen',
      cancelText: 'Behalten',
    });
    expect(screen.queryByRole('button', { name: 'Bestätigen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Behalten' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on the close button', async () => {
    const { answer } = openDialog({ message: 'Schließen?' });
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when dismissed with Escape', async () => {
    const { answer } = openDialog({ message: 'Escape?' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on a click outside', async () => {
    const { answer } = openDialog({ message: 'Außerhalb?' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    if (overlay) fireEvent.click(overlay);
    await expect(answer).resolves.toBe(false);
  });

  it('stays open on a click outside when persistent', async () => {
    const { answer } = openDialog({ message: 'Persistent', persistent: true });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay) fireEvent.click(overlay);
    expect(useConfirmStore.getState().opened).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await expect(answer).resolves.toBe(true);
  });

  it('stays open on Escape when persistent', async () => {
    const { answer } = openDialog({ message: 'Persistent', persistent: true });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(useConfirmStore.getState().opened).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await expect(answer).resolves.toBe(false);
  });

  it('answers an older dialog with false when a new one opens', async () => {
    const { answer: first } = openDialog({ message: 'Erster' });
    const { answer: second } = openDialog({ message: 'Zweiter' });
    await expect(first).resolves.toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await expect(second).resolves.toBe(true);
  });

  it('clears its options 400 ms after closing', async () => {
    const { answer } = openDialog({ message: 'Reset', color: 'red' });
    act(() => settleConfirm(true));
    await expect(answer).resolves.toBe(true);
    act(() => vi.advanceTimersByTime(CONFIRM_RESET_DELAY_MS - 1));
    expect(useConfirmStore.getState().options?.message).toBe('Reset');
    act(() => vi.advanceTimersByTime(1));
    expect(useConfirmStore.getState().options).toBeNull();
  });

  it('keeps the options of a dialog reopened within the 400 ms', async () => {
    openDialog({ message: 'Eins' });
    act(() => settleConfirm(false));
    openDialog({ message: 'Zwei' });
    act(() => vi.advanceTimersByTime(CONFIRM_RESET_DELAY_MS));
    expect(useConfirmStore.getState().options?.message).toBe('Zwei');
  });
});
