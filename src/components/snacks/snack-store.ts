/**
 * Snack messages (SPEC §3/§4/§9): a queue shown as a stack, each closable, each closing itself
 * after its timeout (default 8000 ms) with a progress bar redrawn every 100 ms.
 * One interval serves the whole queue and stops when the queue is empty.
 */
import { create } from 'zustand';

export type SnackType = 'success' | 'error' | 'warning' | 'info';

export interface SnackInput {
  /** Already translated text. */
  text: string;
  type?: SnackType;
  /** Milliseconds until it closes itself; 0 keeps it until closed. */
  timeout?: number;
}

export interface Snack {
  id: number;
  text: string;
  type: SnackType;
  timeout: number;
  /** Milliseconds shown so far, in steps of the tick. */
  elapsed: number;
}

export const SNACK_DEFAULT_TIMEOUT = 8000;
export const SNACK_TICK_MS = 100;
export const SNACK_WIDTH = 360;

interface SnackState {
  snacks: Snack[];
}

export const useSnackStore = create<SnackState>()(() => ({ snacks: [] }));

let nextId = 1;
let ticker: ReturnType<typeof setInterval> | undefined;

function stopTickerWhenIdle(): void {
  if (useSnackStore.getState().snacks.length === 0 && ticker !== undefined) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

function tick(): void {
  useSnackStore.setState((s) => ({
    snacks: s.snacks
      .map((n) => ({ ...n, elapsed: n.elapsed + SNACK_TICK_MS }))
      .filter((n) => n.timeout <= 0 || n.elapsed < n.timeout),
  }));
  stopTickerWhenIdle();
}

/** Shows a message; returns its id for {@link closeSnack}. */
export function snack(input: SnackInput): number {
  const id = nextId++;
  const item: Snack = {
    id,
    text: input.text,
    type: input.type ?? 'info',
    timeout: input.timeout ?? SNACK_DEFAULT_TIMEOUT,
    elapsed: 0,
  };
  useSnackStore.setState((s) => ({ snacks: [...s.snacks, item] }));
  ticker ??= setInterval(tick, SNACK_TICK_MS);
  return id;
}

export function closeSnack(id: number): void {
  useSnackStore.setState((s) => ({ snacks: s.snacks.filter((n) => n.id !== id) }));
  stopTickerWhenIdle();
}

export function clearSnacks(): void {
  useSnackStore.setState({ snacks: [] });
  stopTickerWhenIdle();
}

/** Share of the timeout still left, 100 → 0, for the progress bar. */
export function remainingPercent(item: Snack): number {
  if (item.timeout <= 0) return 100;
  return Math.max(0, 100 - (item.elapsed / item.timeout) * 100);
}
