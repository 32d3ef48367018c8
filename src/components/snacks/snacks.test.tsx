// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tests/fixtures/render';
import { SNACK_DEFAULT_TIMEOUT, SNACK_WIDTH, clearSnacks, closeSnack, snack } from './snack';
import { SNACK_TICK_MS, remainingPercent } from './snack-body';
import { SNACK_TRANSITION_MS, SnackStack } from './snack-stack';

const texts = () => screen.queryAllByTestId('snack').map((el) => el.textContent);
const bar = () => screen.getByTestId('snack').querySelector('[role="progressbar"]');
/** Lets a closed snack finish its leaving transition. */
const leave = () => act(() => vi.advanceTimersByTime(SNACK_TRANSITION_MS));

describe('snack messages', () => {
  beforeEach(async () => {
    await renderWithProviders(<SnackStack />);
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => clearSnacks());
    act(() => vi.runOnlyPendingTimers());
    vi.useRealTimers();
  });

  it('shows in the labelled message region, 360 px wide at most', () => {
    act(() => void snack({ text: 'Gespeichert', type: 'success' }));
    const region = screen.getByRole('region', { name: 'Meldungen' });
    expect(region.contains(screen.getByTestId('snack'))).toBe(true);
    expect(screen.getByTestId('snack').style.maxWidth).toBe(
      `calc(${SNACK_WIDTH / 16}rem * var(--mantine-scale))`,
    );
  });

  it('closes itself after the default 8000 ms', () => {
    act(() => void snack({ text: 'Gespeichert', type: 'success' }));
    expect(texts()).toEqual(['Gespeichert']);
    act(() => vi.advanceTimersByTime(SNACK_DEFAULT_TIMEOUT - SNACK_TICK_MS));
    expect(texts()).toEqual(['Gespeichert']);
    expect(bar()?.getAttribute('aria-valuenow')).toBe(String(remainingPercent(7900, 8000)));
    act(() => vi.advanceTimersByTime(SNACK_TICK_MS));
    leave();
    expect(texts()).toEqual([]);
  });

  it('counts its bar down every 100 ms', () => {
    act(() => void snack({ text: 'Kurz', timeout: 1000 }));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(99));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(1));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('90');
    act(() => vi.advanceTimersByTime(400));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('50');
    act(() => vi.advanceTimersByTime(500));
    leave();
    expect(texts()).toEqual([]);
  });

  it('stacks messages newest last, each with its own timeout, type and role', () => {
    act(() => {
      snack({ text: 'Fehler beim Speichern', type: 'error', timeout: 3000 });
      snack({ text: 'Hinweis', type: 'info', timeout: 1000 });
    });
    expect(texts()).toEqual(['Fehler beim Speichern', 'Hinweis']);
    expect(screen.getAllByTestId('snack').map((el) => el.getAttribute('data-type'))).toEqual([
      'error',
      'info',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Fehler beim Speichern');
    expect(screen.getByRole('status').textContent).toBe('Hinweis');
    act(() => vi.advanceTimersByTime(1000));
    leave();
    expect(texts()).toEqual(['Fehler beim Speichern']);
    act(() => vi.advanceTimersByTime(2000));
    leave();
    expect(texts()).toEqual([]);
  });

  it('replaces the same message still shown instead of stacking it again', () => {
    act(() => {
      snack({ text: 'Prüfung gespeichert', type: 'success' });
      snack({ text: 'Hinweis', type: 'info' });
      snack({ text: 'Prüfung gespeichert', type: 'success' });
    });
    leave();
    act(() => void snack({ text: 'Prüfung gespeichert', type: 'success' }));
    leave();
    expect(texts()).toEqual(['Hinweis', 'Prüfung gespeichert']);
    // The newest one runs its full time.
    act(() => vi.advanceTimersByTime(SNACK_DEFAULT_TIMEOUT - 100));
    expect(texts()).toContain('Prüfung gespeichert');
  });

  it('closes on its close button, and by id', () => {
    let third = '';
    act(() => {
      snack({ text: 'Eins' });
      snack({ text: 'Zwei' });
      third = snack({ text: 'Drei' });
    });
    const [firstClose] = screen.getAllByRole('button', { name: 'Meldung schließen' });
    if (firstClose) fireEvent.click(firstClose);
    leave();
    expect(texts()).toEqual(['Zwei', 'Drei']);
    act(() => closeSnack(third));
    leave();
    expect(texts()).toEqual(['Zwei']);
  });

  it('keeps a message with timeout 0, without a bar, until it is closed', () => {
    act(() => void snack({ text: 'Bleibt', timeout: 0 }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(texts()).toEqual(['Bleibt']);
    expect(bar()).toBeNull();
    act(() => clearSnacks());
    leave();
    expect(texts()).toEqual([]);
  });
});
