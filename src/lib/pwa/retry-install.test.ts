import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryFailedInstall, type RegistrationLike, type WorkerLike } from './retry-install';

class FakeWorker implements WorkerLike {
  state = 'installing';
  private listeners: (() => void)[] = [];
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.push(listener);
  }
  become(state: string) {
    this.state = state;
    this.listeners.forEach((l) => l());
  }
}

class FakeRegistration implements RegistrationLike {
  installing: FakeWorker | null = new FakeWorker();
  active: FakeWorker | null = null;
  private listeners: (() => void)[] = [];
  addEventListener(_type: 'updatefound', listener: () => void) {
    this.listeners.push(listener);
  }
  /** The install failed: the registration has no worker left. */
  fail() {
    const worker = this.installing;
    this.installing = null;
    worker?.become('redundant');
  }
  succeed() {
    const worker = this.installing;
    this.installing = null;
    this.active = worker;
    worker?.become('activated');
  }
}

describe('retryFailedInstall (docs/sync.md "The service worker\'s install")', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('registers again after a failed first install, with growing pauses, until one works', async () => {
    const first = new FakeRegistration();
    const made: FakeRegistration[] = [];
    const register = vi.fn(async () => {
      const reg = new FakeRegistration();
      made.push(reg);
      return reg;
    });
    retryFailedInstall(first, register, [1_000, 5_000]);

    first.fail();
    await vi.advanceTimersByTimeAsync(999);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledTimes(1);

    made[0]!.fail();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(register).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledTimes(2);

    made[1]!.succeed();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('leaves a working install alone, and a failed update while a version is active', async () => {
    const register = vi.fn(async () => new FakeRegistration());
    const reg = new FakeRegistration();
    retryFailedInstall(reg, register, [1_000]);
    reg.succeed();
    // A later version found by the browser fails to install: the active one still serves.
    reg.installing = new FakeWorker();
    (reg as unknown as { listeners: (() => void)[] }).listeners.forEach((l) => l());
    reg.fail();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(register).not.toHaveBeenCalled();
  });

  it('follows an install that starts after the registration (updatefound)', async () => {
    const register = vi.fn(async () => new FakeRegistration());
    const reg = new FakeRegistration();
    reg.installing = null;
    retryFailedInstall(reg, register, [1_000]);
    reg.installing = new FakeWorker();
    (reg as unknown as { listeners: (() => void)[] }).listeners.forEach((l) => l());
    reg.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('tries again when registering itself fails (offline), and stops when told', async () => {
    const register = vi.fn(() => Promise.reject(new Error('offline')));
    const reg = new FakeRegistration();
    const stop = retryFailedInstall(reg, register, [1_000, 2_000]);
    reg.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(register).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(register).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(register).toHaveBeenCalledTimes(2);
  });
});
