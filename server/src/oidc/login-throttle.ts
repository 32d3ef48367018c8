/**
 * Slows down password guessing: after 5 failures for one username from one address within 15
 * minutes (the caller keys it by both, so nobody elsewhere can lock a user out), each further
 * attempt waits 30 seconds. In memory per server instance, which is enough to make
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

/**
 * Against password spraying (one password tried on many usernames, which the per-user throttle
 * never sees): at most `limit` FAILED sign-ins per client address in a sliding 15 minutes;
 * past it every attempt from the address is held back a while and a wrong password answered
 * 429 until the oldest failure leaves the window — but a correct password still signs in
 * (login-submit.ts), so an office behind one address is never locked out by a stranger.
 */
export class AddressThrottle {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private recent(address: string): number[] {
    const since = this.now() - WINDOW_MS;
    const list = (this.failures.get(address) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(address);
    else this.failures.set(address, list);
    return list;
  }

  /** Seconds until the address may try again, 0 when allowed (or when there is no limit). */
  retryAfter(address: string): number {
    if (this.limit <= 0) return 0;
    const list = this.recent(address);
    if (list.length < this.limit) return 0;
    const oldest = list[list.length - this.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + WINDOW_MS - this.now()) / 1000));
  }

  fail(address: string): void {
    if (this.limit <= 0) return;
    const list = this.recent(address);
    list.push(this.now());
    // Only the newest `limit` failures matter for the decision above.
    this.failures.set(address, list.slice(-this.limit));
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value!);
  }
}
