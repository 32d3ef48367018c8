/**
 * A first install that fails — one of the precache's ~300 files not answered, as when the
 * network drops or the server restarts during it — leaves the device with no service worker,
 * and the browser tries again only on the next page load: a phone kept on the open app would
 * never work offline. This registers again after a pause, with growing pauses, until a
 * version is active (docs/sync.md "The service worker's install").
 */

/** The parts of a ServiceWorkerRegistration this needs (tests pass their own). */
export interface RegistrationLike {
  readonly installing: WorkerLike | null;
  readonly active: WorkerLike | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}
export interface WorkerLike {
  readonly state: string;
  addEventListener(type: 'statechange', listener: () => void): void;
}

export const RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 300_000] as const;

/**
 * Watches `registration`'s installs; when one ends `redundant` with no active version, calls
 * `register` after the next of `delaysMs` (the last one repeats) and watches what it answers.
 * Returns the function that stops it.
 */
export function retryFailedInstall(
  registration: RegistrationLike,
  register: () => Promise<RegistrationLike>,
  delaysMs: readonly number[] = RETRY_DELAYS_MS,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): () => void {
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = new WeakSet<WorkerLike>();

  const retry = (reg: RegistrationLike) => {
    if (stopped || timer !== undefined || reg.active) return;
    const delay = delaysMs[Math.min(attempt, delaysMs.length - 1)] ?? 60_000;
    attempt++;
    timer = timers.setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      register().then(watch, () => retry(reg));
    }, delay);
  };

  const follow = (reg: RegistrationLike, worker: WorkerLike | null) => {
    if (!worker || seen.has(worker)) return;
    seen.add(worker);
    const check = () => {
      if (worker.state === 'redundant') retry(reg);
    };
    worker.addEventListener('statechange', check);
    check();
  };

  const watch = (reg: RegistrationLike) => {
    if (stopped) return;
    reg.addEventListener('updatefound', () => follow(reg, reg.installing));
    follow(reg, reg.installing);
  };

  watch(registration);
  return () => {
    stopped = true;
    if (timer !== undefined) timers.clearTimeout(timer);
  };
}
