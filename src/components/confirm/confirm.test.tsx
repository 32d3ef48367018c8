// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tests/fixtures/render';
import { confirm } from './confirm';
import { ConfirmDialog } from './confirm-dialog';

/** Opens a dialog; the answer is wrapped so that awaiting the helper does not await it. */
function openDialog(options: Parameters<typeof confirm>[0]): { answer: Promise<boolean> } {
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = confirm(options);
  });
  return { answer };
}

const dialog = () => screen.queryByRole('dialog');
const button = (name: string) => screen.getByRole('button', { name });

describe('confirm dialog', () => {
  beforeEach(async () => {
    await renderWithProviders(<ConfirmDialog />);
  });

  it('resolves true on confirm, with the default texts', async () => {
    const { answer } = openDialog({ title: 'Tank löschen?', message: 'Wirklich löschen?' });
    expect(screen.getByRole('dialog', { name: 'Tank löschen?' })).toBeTruthy();
    expect(screen.getByText('Wirklich löschen?')).toBeTruthy();
    expect(button('Abbrechen')).toBeTruthy();
    fireEvent.click(button('Bestätigen'));
    await expect(answer).resolves.toBe(true);
    expect(dialog()).toBeNull();
  });

  it('has a translated default title and puts the focus on the confirm button', async () => {
    const { answer } = openDialog({ message: 'Fortfahren?', color: 'red' });
    expect(screen.getByRole('dialog', { name: 'Bitte bestätigen' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button('Bestätigen')));
    fireEvent.click(button('Abbrechen'));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on cancel, with custom texts', async () => {
    const { answer } = openDialog({
      message: 'Verwerfen?',
      confirmText: 'Verwerfen',
      cancelText: 'Behalten',
    });
    expect(screen.queryByRole('button', { name: 'Bestätigen' })).toBeNull();
    expect(button('Verwerfen')).toBeTruthy();
    fireEvent.click(button('Behalten'));
    await expect(answer).resolves.toBe(false);
    expect(dialog()).toBeNull();
  });

  it('resolves false on the close button', async () => {
    const { answer } = openDialog({ message: 'Schließen?' });
    fireEvent.click(button('Schließen'));
    await expect(answer).resolves.toBe(false);
    expect(dialog()).toBeNull();
  });

  it('resolves false when dismissed with Escape', async () => {
    const { answer } = openDialog({ message: 'Escape?' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    expect(dialog()).toBeNull();
  });

  it('resolves false on a click outside', async () => {
    const { answer } = openDialog({ message: 'Außerhalb?' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    if (overlay) fireEvent.click(overlay);
    await expect(answer).resolves.toBe(false);
    expect(dialog()).toBeNull();
  });

  it('stays open on a click outside when persistent', async () => {
    const { answer } = openDialog({ message: 'Persistent', persistent: true });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    if (overlay) fireEvent.click(overlay);
    expect(dialog()).not.toBeNull();
    fireEvent.click(button('Bestätigen'));
    await expect(answer).resolves.toBe(true);
  });

  it('stays open on Escape when persistent', async () => {
    const { answer } = openDialog({ message: 'Persistent', persistent: true });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(dialog()).not.toBeNull();
    fireEvent.click(button('Abbrechen'));
    await expect(answer).resolves.toBe(false);
  });

  it('answers an older dialog with false when a new one opens', async () => {
    const { answer: first } = openDialog({ message: 'Erster' });
    const { answer: second } = openDialog({ message: 'Zweiter' });
    await expect(first).resolves.toBe(false);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText('Zweiter')).toBeTruthy();
    fireEvent.click(button('Bestätigen'));
    await expect(second).resolves.toBe(true);
  });

  it('shows the icon in the given colour beside the message', async () => {
    const { answer } = openDialog({
      message: 'Mit Symbol',
      icon: <svg data-testid="icon" />,
      color: 'orange',
    });
    const icon = screen.getByTestId('icon').parentElement;
    expect(icon?.getAttribute('style')).toContain('orange');
    fireEvent.click(button('Abbrechen'));
    await expect(answer).resolves.toBe(false);
  });
});

describe('confirm before the dialog host is mounted', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a dialog asked for meanwhile once the host is mounted', async () => {
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'Freigeben?', message: 'Den Bericht freigeben?' });
    });
    expect(dialog()).toBeNull();
    await renderWithProviders(<ConfirmDialog />);
    expect(await screen.findByRole('dialog', { name: 'Freigeben?' })).toBeTruthy();
    fireEvent.click(button('Bestätigen'));
    await expect(answer).resolves.toBe(true);
  });

  it('answers no to one asked for too long before, without showing it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
    const answer = confirm({ message: 'Längst vergessen?' });
    vi.setSystemTime(new Date('2026-11-27T08:00:11Z'));
    await renderWithProviders(<ConfirmDialog />);
    await expect(answer).resolves.toBe(false);
    expect(dialog()).toBeNull();
  });
});
