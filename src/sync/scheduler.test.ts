// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import type { SyncOutcome } from './engine';
import { SyncScheduler } from './scheduler';
import { initialSyncStatus, type SyncStatus } from './sync-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(outcomes: SyncOutcome[] = [], pending = false) {
  const run = vi.fn(async (): Promise<SyncOutcome> => outcomes.shift() ?? { kind: 'ok' });
  let authed: () => void = () => undefined;
  const waitForAuth = vi.fn(() => new Promise<void>((resolve) => (authed = resolve)));
  const store = create<SyncStatus>()(() => ({ ...initialSyncStatus }));
  const onLocalWrite = vi.fn();
  const scheduler = new SyncScheduler({
    run,
    onLocalWrite,
    hasPending: async () => pending,
    waitForAuth,
    store,
    debounceMs: 300,
    intervalMs: 30_000,
  });
  return { run, scheduler, waitForAuth, authed: () => authed(), store, onLocalWrite };
}

describe('SyncScheduler', () => {
  it("runs at once on the server's announcement, even during a backoff delay", async () => {
    const { run, scheduler } = setup([
      { kind: 'ok' },
      { kind: 'retry', error: 'x', retryInMs: 60_000 },
    ]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.notifyLocalWrite();
    await vi.advanceTimersByTimeAsync(300);
    expect(run).toHaveBeenCalledTimes(2); // the second failed: backoff of a minute
    scheduler.notifyLocalWrite();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    scheduler.notifyRemoteChange();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(3);
    scheduler.stop();
  });

  it('runs at start, and once shortly after a burst of local writes', async () => {
    const { run, scheduler } = setup();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    scheduler.notifyLocalWrite();
    await vi.advanceTimersByTimeAsync(200);
    scheduler.notifyLocalWrite();
    await vi.advanceTimersByTimeAsync(299);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('tells of every local write at once, also while offline and backing off', async () => {
    const { run, scheduler, onLocalWrite } = setup([
      { kind: 'retry', error: 'offline', retryInMs: 60_000 },
    ]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.notifyLocalWrite();
    scheduler.notifyLocalWrite();
    expect(onLocalWrite).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it('retries after the backoff delay; local writes do not cut it short', async () => {
    const { run, scheduler } = setup([{ kind: 'retry', error: 'offline', retryInMs: 5_000 }]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.notifyLocalWrite();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('coming online runs at once and marks the store online', async () => {
    const { run, scheduler, store } = setup([
      { kind: 'retry', error: 'offline', retryInMs: 60_000 },
    ]);
    const target = new EventTarget();
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
    vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target));
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    target.dispatchEvent(new Event('offline'));
    expect(store.getState().online).toBe(false);
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    expect(store.getState().online).toBe(true);
    scheduler.stop();
    vi.unstubAllGlobals();
  });

  it('on auth waits for a token, then resumes', async () => {
    const { run, scheduler, waitForAuth, authed } = setup([{ kind: 'auth' }]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(waitForAuth).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).toHaveBeenCalledTimes(1);
    authed();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('runs on the 30 s timer only while something is pending', async () => {
    const idle = setup([], false);
    idle.scheduler.start();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(idle.run).toHaveBeenCalledTimes(1);
    idle.scheduler.stop();
    const busy = setup([], true);
    busy.scheduler.start();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(busy.run).toHaveBeenCalledTimes(4);
    busy.scheduler.stop();
  });

  it('an idle, visible page still pulls every 2 minutes (others’ work shows up)', async () => {
    const idle = setup([], false);
    idle.scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(idle.run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(119_000);
    expect(idle.run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(idle.run).toHaveBeenCalledTimes(3);
    idle.scheduler.stop();
  });

  it('a trigger during a run makes exactly one more run after it', async () => {
    let release: () => void = () => undefined;
    const run = vi.fn(
      () => new Promise<SyncOutcome>((resolve) => (release = () => resolve({ kind: 'ok' }))),
    );
    const scheduler = new SyncScheduler({ run, hasPending: async () => false });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    void scheduler.trigger(true);
    void scheduler.trigger(true);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });
});
