/**
 * Limits every server instance shares: the hits of a limited subject (a user's API calls, an
 * address's failed sign-ins, a feed link's fetches) are counted in the database, so two
 * instances behind one balancer see the same counts (docs/operations.md "Limits").
 *
 * A window starts at a subject's first hit and lasts `windowMs`; each hit is one atomic
 * upsert (`insert … on conflict do update … returning`) that either counts on in the current
 * window or starts a new one — on SQLite and PostgreSQL alike. Rows whose window has ended are
 * pruned (`prune`, every minute from app.ts). Refused hits count too: a client that keeps
 * knocking while refused stays refused until its window ends.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface WindowHit {
  /** Hits in the current window, this one included. */
  hits: number;
  windowStart: number;
}

export interface WindowState extends WindowHit {
  /** When the last hit was counted. */
  lastAt: number;
}

/** One kind of limit (`name` keeps kinds apart in the shared table). */
export class SharedCounter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly name: string,
    readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private key(subject: string) {
    return `${this.name}:${subject}`.slice(0, 200);
  }

  /** Counts one hit for `subject` and answers the window it fell in. */
  async hit(subject: string): Promise<WindowHit> {
    const now = this.now();
    const since = now - this.windowMs;
    const current = sql<boolean>`${sql.ref('rateLimit.windowStart')} > ${since}`;
    const row = await this.db
      .insertInto('rateLimit')
      .values({
        key: this.key(subject),
        windowStart: now,
        hits: 1,
        lastAt: now,
        expiresAt: now + this.windowMs,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${current} then ${sql.ref('rateLimit.hits')} + 1 else 1 end`,
          windowStart: sql<number>`case when ${current} then ${sql.ref('rateLimit.windowStart')} else ${now} end`,
          expiresAt: sql<number>`case when ${current} then ${sql.ref('rateLimit.expiresAt')} else ${now + this.windowMs} end`,
          lastAt: now,
        }),
      )
      .returning(['hits', 'windowStart'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), windowStart: Number(row.windowStart) };
  }

  /** The subject's current window without counting, or null when it has none. */
  async peek(subject: string): Promise<WindowState | null> {
    const row = await this.db
      .selectFrom('rateLimit')
      .select(['hits', 'windowStart', 'lastAt'])
      .where('key', '=', this.key(subject))
      .executeTakeFirst();
    if (!row || Number(row.windowStart) <= this.now() - this.windowMs) return null;
    return {
      hits: Number(row.hits),
      windowStart: Number(row.windowStart),
      lastAt: Number(row.lastAt),
    };
  }

  async clear(subject: string): Promise<void> {
    await this.db.deleteFrom('rateLimit').where('key', '=', this.key(subject)).execute();
  }

  /** Whole seconds from now until the window that began at `windowStart` ends (at least 1). */
  secondsLeft(windowStart: number): number {
    return Math.max(1, Math.ceil((windowStart + this.windowMs - this.now()) / 1000));
  }
}

/**
 * At most `limit` hits per subject and window: `take` answers 0 when allowed, else the
 * seconds until the window ends. `limit` 0 means no limit (nothing is counted).
 */
export class SharedRateLimit {
  private readonly counter: SharedCounter;
  constructor(
    db: Kysely<Database>,
    name: string,
    private readonly limit: number,
    windowMs: number,
    now?: () => number,
  ) {
    this.counter = new SharedCounter(db, name, windowMs, now);
  }

  async take(subject: string): Promise<number> {
    if (this.limit <= 0) return 0;
    const { hits, windowStart } = await this.counter.hit(subject);
    return hits <= this.limit ? 0 : this.counter.secondsLeft(windowStart);
  }
}

/** Deletes every row whose window has ended (any instance may; all share the table). */
export async function pruneRateLimits(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const res = await db.deleteFrom('rateLimit').where('expiresAt', '<', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
