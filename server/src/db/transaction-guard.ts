/**
 * No code path may wait for a connection its own transaction holds. SQLite
 * has ONE connection: a statement on the root handle issued from inside a transaction's
 * callback would queue behind that very transaction and never run — and every later request
 * with it. On PostgreSQL the same statement runs on a second pool connection, outside the
 * transaction (it misses the transaction's own writes) and, under load, can exhaust the pool.
 *
 * So the root handle is wrapped: transaction and connection callbacks run in an
 * AsyncLocalStorage scope, and acquiring a connection from inside an open scope throws at
 * once — an error answer instead of a hang. Controlled transactions (`startTransaction`)
 * cannot carry the scope (the caller's code runs outside any callback), so they are refused.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  DatabaseConnection,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  TransactionSettings,
} from 'kysely';

interface Scope {
  /** False once the callback has finished: work it left behind may use the root again. */
  open: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

export class SelfDeadlockError extends Error {
  constructor() {
    super(
      'the root database handle was used inside an open transaction: use the transaction ' +
        '(on SQLite this would wait forever for the connection the transaction holds)',
    );
    this.name = 'SelfDeadlockError';
  }
}

/** True while the calling code runs inside a transaction (or connection) callback. */
export function insideTransaction(): boolean {
  return scope.getStore()?.open === true;
}

async function inScope<T>(fn: () => Promise<T>): Promise<T> {
  const s: Scope = { open: true };
  try {
    return await scope.run(s, fn);
  } finally {
    s.open = false;
  }
}

/** One holder at a time (SQLite), queued in order — Kysely's own mutex, moved behind the check. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async lock(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const before = this.tail;
    this.tail = before.then(() => mine);
    await before;
    return release;
  }
}

class GuardedDriver implements Driver {
  private readonly mutex: Mutex | null;
  private readonly releases = new Map<DatabaseConnection, () => void>();

  constructor(
    private readonly inner: Driver,
    serialize: boolean,
  ) {
    this.mutex = serialize ? new Mutex() : null;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (insideTransaction()) throw new SelfDeadlockError();
    const release = this.mutex ? await this.mutex.lock() : null;
    try {
      const connection = await this.inner.acquireConnection();
      if (release) this.releases.set(connection, release);
      return connection;
    } catch (err) {
      release?.();
      throw err;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      const release = this.releases.get(connection);
      this.releases.delete(connection);
      release?.();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  /**
   * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, …);
   * Kysely's ROLLBACK after it would then fail with "cannot rollback - no transaction is
   * active" and that error would replace the real one. A transaction already gone needs no
   * rollback: the original error goes on.
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } catch (err) {
      if (/no transaction is active/i.test((err as Error).message)) return;
      throw err;
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Wraps a dialect so that its driver checks the scope BEFORE it queues for the connection. */
export function guardedDialect(inner: Dialect): Dialect {
  return {
    createDriver: () => {
      const serialize = !inner.createAdapter().supportsMultipleConnections;
      return new GuardedDriver(inner.createDriver(), serialize);
    },
    createQueryCompiler: () => inner.createQueryCompiler(),
    // The driver serialises itself now; Kysely's mutex would queue before the check.
    createAdapter: (): DialectAdapter => {
      const adapter = inner.createAdapter();
      return new Proxy(adapter, {
        get: (target, prop) => {
          if (prop === 'supportsMultipleConnections') return true;
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    createIntrospector: (db) => inner.createIntrospector(db),
  };
}

type Callback = (arg: unknown) => Promise<unknown>;
interface Executable {
  execute(callback: Callback, ...rest: unknown[]): Promise<unknown>;
}

/** A transaction/connection builder whose callback runs in the guard's scope. */
function scopedBuilder<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get: (target, prop) => {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop === 'execute') {
        return (callback: Callback, ...rest: unknown[]) =>
          (value as Executable['execute']).call(
            target,
            (arg) => inScope(() => callback(arg)),
            ...rest,
          );
      }
      // setIsolationLevel / setAccessMode answer a new builder: keep it scoped.
      return (...args: unknown[]) => {
        const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return out && typeof out === 'object' ? scopedBuilder(out) : out;
      };
    },
  });
}

const DERIVED = new Set(['withPlugin', 'withoutPlugins', 'withSchema', 'withTables']);

/**
 * The root handle with the guard: transaction() and connection() callbacks are scoped,
 * derived handles (withTables, withPlugin, …) are guarded the same way.
 */
export function guardedKysely<DB>(db: Kysely<DB>): Kysely<DB> {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(db, {
    get: (target, prop) => {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const cached = bound.get(prop);
      if (cached) return cached;
      const fn = value as (...a: unknown[]) => unknown;
      let wrapped: unknown;
      if (prop === 'transaction' || prop === 'connection') {
        wrapped = () => scopedBuilder(fn.call(target) as object);
      } else if (prop === 'startTransaction') {
        wrapped = () => {
          throw new Error('use transaction().execute(): a controlled transaction is not guarded');
        };
      } else if (typeof prop === 'string' && DERIVED.has(prop)) {
        wrapped = (...args: unknown[]) => guardedKysely(fn.apply(target, args) as Kysely<DB>);
      } else {
        wrapped = fn.bind(target);
      }
      bound.set(prop, wrapped);
      return wrapped;
    },
  });
}
