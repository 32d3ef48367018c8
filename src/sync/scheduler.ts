/**
 * When the engine runs (docs/sync.md): at start, when the browser comes online, when the page
 * becomes visible, shortly after each local write (debounced), when the server announces a
 * change for this user (live.ts) while the page is visible, every 30 s while anything is
 * pending, and every 2 minutes while the page is visible (the fallback for when announcements
 * do not arrive). Runs never overlap here; a trigger during a run makes one more run after it.
 * After a failure the next try waits for the backoff delay — local writes do not shorten it,
 * coming online or back to the page does. On 'auth' it waits for a new token, then resumes.
 */
import type { SyncOutcome } from './engine';
import { useSyncStore, type SyncStoreApi } from './sync-store';

export interface SchedulerOptions {
  run: () => Promise<SyncOutcome>;
  /** True while the outbox has entries to send (drives the periodic timer). */
  hasPending: () => Promise<boolean>;
  /** Resolves when a new token may be there (default: never — only triggers resume). */
  waitForAuth?: () => Promise<void>;
  debounceMs?: number;
  intervalMs?: number;
  /**
   * Called at once on every local write, also while a backoff delay holds the run back
   * (offline): the header's pending count must follow the writes, not the next run.
   */
  onLocalWrite?: () => void;
  /** An idle, visible page pulls after this long without a run (default 2 min). */
  idlePullMs?: number;
  store?: SyncStoreApi;
}

export class SyncScheduler {
  private busy = false;
  private lastRunAt = 0;
  private again = false;
  private retryAt = 0;
  private waitingForAuth = false;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private readonly store: SyncStoreApi;

  constructor(private readonly options: SchedulerOptions) {
    this.store = options.store ?? useSyncStore;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    globalThis.addEventListener?.('online', this.onOnline);
    globalThis.addEventListener?.('offline', this.onOffline);
    globalThis.document?.addEventListener('visibilitychange', this.onVisible);
    this.interval = setInterval(() => void this.tick(), this.options.intervalMs ?? 30_000);
    void this.trigger(true);
  }

  stop(): void {
    this.stopped = true;
    globalThis.removeEventListener?.('online', this.onOnline);
    globalThis.removeEventListener?.('offline', this.onOffline);
    globalThis.document?.removeEventListener('visibilitychange', this.onVisible);
    if (this.interval) clearInterval(this.interval);
    if (this.debounce) clearTimeout(this.debounce);
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  /** After a local write: sync soon, once for a burst of writes. */
  notifyLocalWrite(): void {
    if (this.stopped) return;
    this.options.onLocalWrite?.();
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.trigger(false);
    }, this.options.debounceMs ?? 300);
  }

  /**
   * The server announced a change for this user (live.ts): a visible page syncs now — the
   * announcement shows the server answers, so a backoff delay is not waited out; a hidden one
   * syncs when it becomes visible again (onVisible).
   */
  notifyRemoteChange(): void {
    if (this.stopped || globalThis.document?.visibilityState === 'hidden') return;
    void this.trigger(true);
  }

  /** Runs now; `force` ignores a pending backoff delay. */
  async trigger(force: boolean): Promise<void> {
    if (this.stopped || (!force && Date.now() < this.retryAt)) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      let outcome: SyncOutcome;
      do {
        this.again = false;
        this.lastRunAt = Date.now();
        outcome = await this.options.run();
        this.handle(outcome);
      } while (this.again && outcome.kind === 'ok' && !this.stopped);
    } finally {
      this.busy = false;
    }
  }

  private handle(outcome: SyncOutcome): void {
    if (outcome.kind === 'ok') this.retryAt = 0;
    if (outcome.kind === 'retry') {
      this.retryAt = Date.now() + outcome.retryInMs;
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.trigger(true);
      }, outcome.retryInMs);
    }
    if (outcome.kind === 'auth' && this.options.waitForAuth && !this.waitingForAuth) {
      this.waitingForAuth = true;
      void this.options.waitForAuth().then(() => {
        this.waitingForAuth = false;
        void this.trigger(true);
      });
    }
  }

  private async tick(): Promise<void> {
    if (await this.options.hasPending()) return this.trigger(false);
    // Waiting for a sign-in: a pull could not be made anyway.
    if (this.waitingForAuth) return;
    const visible = globalThis.document?.visibilityState !== 'hidden';
    const idleFor = Date.now() - this.lastRunAt;
    if (visible && idleFor >= (this.options.idlePullMs ?? 120_000)) await this.trigger(false);
  }

  private readonly onOnline = () => {
    this.store.setState({ online: true });
    void this.trigger(true);
  };

  private readonly onOffline = () => {
    this.store.setState({ online: false });
  };

  private readonly onVisible = () => {
    if (globalThis.document?.visibilityState === 'visible') void this.trigger(true);
  };
}
