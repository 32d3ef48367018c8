/**
 * Retry delays after a failed sync (5xx, timeout, network): exponential backoff with full
 * jitter — a random delay between 0 and min(cap, base · 2^attempt) — so that devices coming
 * back online together do not hit the server in lockstep. Pure: the random source is a
 * parameter.
 */

export interface BackoffOptions {
  /** Delay ceiling of the first retry, ms. */
  baseMs: number;
  /** No retry waits longer than this, ms. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 5 * 60_000 };

/** The upper bound of the delay before retry number `attempt` (0 = first retry). */
export function backoffCeiling(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF) {
  const n = Math.max(0, Math.floor(attempt));
  // 2^n overflows to Infinity long after the cap is reached; min() keeps the result finite.
  return Math.min(options.capMs, options.baseMs * 2 ** Math.min(n, 60));
}

/** A delay in [0, ceiling(attempt)] ms, uniformly drawn from `random` ∈ [0, 1). */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * backoffCeiling(attempt, options));
}
