// @vitest-environment jsdom
import '../../lib/testing/browser-stubs';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render';
import { SnackStack } from './snack-stack';
import {
  SNACK_DEFAULT_TIMEOUT,
  SNACK_TICK_MS,
  clearSnacks,
  remainingPercent,
  snack,
  useSnackStore,
} from './snack-store';

const texts = () => screen.queryAllByTestId('snack').map((el) => el.textContent);
const only = () => {
  const [first] = useSnackStore.getState().snacks;
  if (!first) throw new Error('no snack shown');
  return first;
};

describe('snack messages', () => {
  beforeEach(async () => {
    await renderWithProviders(<SnackStack />);
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => clearSnacks());
    vi.useRealTimers();
  });

  it('closes itself after the default 8000 ms', () => {
    act(() => void snack({ text: 'Gespeichert', type: 'success' }));
    expect(only().timeout).toBe(SNACK_DEFAULT_TIMEOUT);
    expect(texts()).toEqual(['Gespeichert']);
    act(() => vi.advanceTimersByTime(SNACK_DEFAULT_TIMEOUT - SNACK_TICK_MS));
    expect(texts()).toEqual(['Gespeichert']);
    act(() => vi.advanceTimersByTime(SNACK_TICK_MS));
    expect(texts()).toEqual([]);
  });

  it('ticks its progress bar every 100 ms', () => {
    act(() => void snack({ text: 'Kurz', timeout: 1000 }));
    expect(remainingPercent(only())).toBe(100);
    act(() => vi.advanceTimersByTime(99));
    expect(only().elapsed).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(only().elapsed).toBe(100);
    act(() => vi.advanceTimersByTime(400));
    expect(remainingPercent(only())).toBe(50);
    const bar = screen.getByTestId('snack').querySelector('[role="progressbar"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('50');
    act(() => vi.advanceTimersByTime(500));
    expect(useSnackStore.getState().snacks).toEqual([]);
  });

  it('stacks messages, each with its own timeout and type', () => {
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
    act(() => vi.advanceTimersByTime(1000));
    expect(texts()).toEqual(['Fehler beim Speichern']);
    act(() => vi.advanceTimersByTime(2000));
    expect(texts()).toEqual([]);
  });

  it('closes on its close button', () => {
    act(() => {
      snack({ text: 'Eins' });
      snack({ text: 'Zwei' });
    });
    const [firstClose] = screen.getAllByRole('button', { name: 'Meldung schließen' });
    if (firstClose) fireEvent.click(firstClose);
    expect(texts()).toEqual(['Zwei']);
  });

  it('keeps a message with timeout 0 until it is closed, and stops ticking when empty', () => {
    act(() => void snack({ text: 'Bleibt', timeout: 0 }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(texts()).toEqual(['Bleibt']);
    act(() => clearSnacks());
    expect(vi.getTimerCount()).toBe(0);
  });
});
