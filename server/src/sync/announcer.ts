/**
 * Announces new changes to the devices whose scope they touch. Listeners
 * (the open `/api/sync/events` streams) get the set of scopes that changed — a customer id, or
 * null for rows everybody sees — and each stream says "pull" to its device if one is its own.
 *
 * - PostgreSQL: the change log's trigger (migration 1795001500000) sends `NOTIFY change_log`
 *   with the row's scope when a writing transaction commits; every server instance LISTENs on
 *   its own connection, so a change pushed to one instance is announced by all of them.
 * - SQLite (one process owns the file): the change log's newest seq is polled (an index-only
 *   read, every 200 ms while anyone listens); what is newer names the scopes that changed.
 */
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { EntityStoreDb } from '../db/schema';

export type Scopes = ReadonlySet<string | null>;
export type AnnounceListener = (scopes: Scopes) => void;

export const NOTIFY_CHANNEL = 'change_log';

export interface Announcer {
  /** Resolves once changes are heard (PostgreSQL: the first LISTEN is in place). */
  ready(): Promise<void>;
  /** Whether changes are heard now (PostgreSQL: the LISTEN connection is up). */
  listening(): boolean;
  subscribe(listener: AnnounceListener): () => void;
  close(): Promise<void>;
}

class Listeners {
  private readonly set = new Set<AnnounceListener>();
  add(listener: AnnounceListener, onFirst: () => void): () => void {
    this.set.add(listener);
    if (this.set.size === 1) onFirst();
    return () => this.set.delete(listener);
  }
  get size() {
    return this.set.size;
  }
  emit(scopes: Scopes) {
    if (scopes.size === 0) return;
    for (const l of this.set) {
      try {
        l(scopes);
      } catch {
        // A broken stream must not keep the others from hearing.
      }
    }
  }
}

/** SQLite: polls the change log's newest seq while anyone listens. */
export function pollingAnnouncer(db: Kysely<EntityStoreDb>, intervalMs = 200): Announcer {
  const listeners = new Listeners();
  let last: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  const newest = async () => {
    const row = await db
      .selectFrom('changeLog')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  };
  const tick = async () => {
    timer = null;
    if (closed || listeners.size === 0) return;
    try {
      const seq = await newest();
      if (last === null) last = seq;
      if (seq > last) {
        const rows = await db
          .selectFrom('changeLog')
          .select('scope')
          .distinct()
          .where('seq', '>', last)
          .execute();
        last = seq;
        listeners.emit(new Set(rows.map((r) => (r.scope === null ? null : String(r.scope)))));
      }
    } catch {
      // The database is closing or busy: try again at the next tick.
    }
    schedule();
  };
  const schedule = () => {
    if (closed || timer || listeners.size === 0) return;
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref?.();
  };
  return {
    ready: async () => undefined,
    listening: () => !closed,
    subscribe(listener) {
      return listeners.add(listener, () => {
        // Start from now: what was committed before the first listener is not news.
        last = null;
        void tick();
      });
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * PostgreSQL: one LISTEN connection per server instance, re-opened after it drops (database
 * restart, failover) with a growing delay.
 */
export function notifyAnnouncer(connectionString: string): Announcer {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let closed = false;
  let retry = 0;
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel !== NOTIFY_CHANNEL) return;
      listeners.emit(new Set([msg.payload ? msg.payload : null]));
    });
    let again = false;
    const reconnect = () => {
      if (client === c) client = null;
      if (closed || again) return;
      again = true;
      setTimeout(() => void connect(), Math.min(30_000, 500 * 2 ** retry++)).unref();
    };
    c.on('error', reconnect);
    c.on('end', reconnect);
    try {
      await c.connect();
      await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
      if (closed) return void (await c.end());
      client = c;
      retry = 0;
    } catch {
      await c.end().catch(() => undefined);
      reconnect();
    }
  };
  const ready = connect();
  return {
    ready: () => ready,
    listening: () => client !== null,
    subscribe: (listener) => listeners.add(listener, () => undefined),
    close: async () => {
      closed = true;
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
