/**
 * The live channel: keeps `GET /api/sync/events` open and calls `onChange`
 * when the server announces something new in this user's scope (`change`), and when a stream
 * (re)opens (`ready`: whatever was missed while it was closed). It carries no data — the
 * scheduler then runs the engine, which pulls.
 *
 * The stream is read with fetch (the bearer token goes in the header, which EventSource cannot
 * do) and re-opened: after it ends or fails (1 s, doubling to 30 s), at once when the browser
 * comes online or the page becomes visible again, and when it has been silent for longer than
 * `staleMs` (the server writes a comment every 25 s; silence means the connection died, e.g.
 * while the device slept). While the browser says offline it does not try.
 */
import type { FetchLike, TokenSource } from '../lib/api/http';

export interface LiveChannelOptions {
  getToken: TokenSource;
  onChange: () => void;
  fetch?: FetchLike;
  baseUrl?: string;
  /** No byte for this long: the stream is taken for dead and re-opened (default 60 s). */
  staleMs?: number;
  /** First and longest wait before re-opening after a failure. */
  retryMs?: number;
  maxRetryMs?: number;
}

export class LiveChannel {
  private controller: AbortController | null = null;
  private running = false;
  private failures = 0;
  private lastByteAt = 0;
  private wake: (() => void) | null = null;
  /** Set by reopen(): the next stream opens without waiting. */
  private again = false;
  private staleTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: LiveChannelOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    globalThis.addEventListener?.('online', this.reopen);
    globalThis.document?.addEventListener('visibilitychange', this.onVisible);
    const stale = this.options.staleMs ?? 60_000;
    this.staleTimer = setInterval(
      () => {
        if (this.controller && Date.now() - this.lastByteAt > stale) this.reopen();
      },
      Math.min(stale, 10_000),
    );
    void this.loop();
  }

  stop(): void {
    this.running = false;
    globalThis.removeEventListener?.('online', this.reopen);
    globalThis.document?.removeEventListener('visibilitychange', this.onVisible);
    if (this.staleTimer) clearInterval(this.staleTimer);
    this.controller?.abort();
    this.wake?.();
  }

  /** Closes the current stream (if any) and opens a new one now, e.g. with a new token. */
  readonly reopen = (): void => {
    this.failures = 0;
    this.again = true;
    this.controller?.abort();
    this.wake?.();
  };

  private readonly onVisible = () => {
    if (globalThis.document?.visibilityState !== 'visible') return;
    // Back from the background: a stream that went quiet meanwhile is probably dead.
    if (!this.controller || Date.now() - this.lastByteAt > 30_000) this.reopen();
  };

  private async loop(): Promise<void> {
    while (this.running) {
      this.again = false;
      const offline = globalThis.navigator?.onLine === false;
      const token = await this.options.getToken();
      if (!offline && token) {
        const heard = await this.listen(token);
        if (heard) this.failures = 0;
      }
      if (!this.running) return;
      if (this.again) {
        this.again = false;
        continue;
      }
      const base = this.options.retryMs ?? 1_000;
      const wait = Math.min(this.options.maxRetryMs ?? 30_000, base * 2 ** this.failures++);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
  }

  /** One stream, until it ends or fails; true if it was open (an answer 200 came). */
  private async listen(token: string): Promise<boolean> {
    const controller = new AbortController();
    this.controller = controller;
    this.lastByteAt = Date.now();
    const fetchFn = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    try {
      const res = await fetchFn(`${this.options.baseUrl ?? ''}/api/sync/events`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!res.ok || !res.body) return false;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return true;
        this.lastByteAt = Date.now();
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: *(.+)$/m.exec(block)?.[1]?.trim();
          if (event === 'change' || event === 'ready') this.options.onChange();
        }
      }
    } catch {
      return false; // network gone, aborted (reopen/stop) or stale: the loop decides
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }
}
