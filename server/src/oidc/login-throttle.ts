/**
 * Slows down password guessing: after 5 failures for one username within 15 minutes, each
 * further attempt waits 30 seconds. In memory per server instance, which is enough to make
 * online guessing impractical; a real Keycloak brings its own brute-force detection.
 */
const WINDOW_MS = 15 * 60 * 1000;
const FREE_ATTEMPTS = 5;
const LOCK_MS = 30 * 1000;

interface Entry {
  failures: number;
  first: number;
  lockedUntil: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds to wait before the next attempt, 0 when allowed. */
  retryAfter(username: string): number {
    const e = this.entries.get(username);
    if (!e) return 0;
    const left = e.lockedUntil - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  fail(username: string): void {
    const now = this.now();
    let e = this.entries.get(username);
    if (!e || now - e.first > WINDOW_MS) e = { failures: 0, first: now, lockedUntil: 0 };
    e.failures += 1;
    if (e.failures >= FREE_ATTEMPTS) e.lockedUntil = now + LOCK_MS;
    this.entries.set(username, e);
    if (this.entries.size > 10_000) this.entries.delete(this.entries.keys().next().value!);
  }

  succeed(username: string): void {
    this.entries.delete(username);
  }
}
