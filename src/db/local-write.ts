/**
 * Local writes that the device's storage refuses. IndexedDB fails a write when the storage is
 * full (QuotaExceededError), when the browser keeps no storage for the site (private
 * browsing) or cannot store a value (UnknownError, DataCloneError), or when the database went
 * away. Every write path (mutate, the file store) runs through `localWrite`, so each screen
 * gets the same `LocalWriteError`, whose message is a translation key saying that nothing was
 * stored — the screen keeps what the user entered and never looks done.
 */

/** Names IndexedDB and Dexie give a write the storage refused (not a rule a value broke). */
const STORAGE_FAILURES = new Set([
  'QuotaExceededError',
  'UnknownError',
  'DataCloneError',
  'AbortError',
  'InvalidStateError',
  'TransactionInactiveError',
  'DatabaseClosedError',
  'OpenFailedError',
  'VersionError',
  'MissingAPIError',
]);

/** The error and the errors it wraps (Dexie's `inner`, `cause`), outermost first. */
function* chainOf(err: unknown): Generator<{ name?: unknown }> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as { name?: unknown };
    const { inner, cause } = e as { inner?: unknown; cause?: unknown };
    e = inner ?? cause;
  }
}

export class LocalWriteError extends Error {
  /** The storage is full (else refused for another reason). */
  readonly full: boolean;
  constructor(cause: unknown) {
    const full = [...chainOf(cause)].some((e) => e.name === 'QuotaExceededError');
    super(full ? 'forms:localSave.full' : 'forms:localSave.failed', { cause });
    this.name = 'LocalWriteError';
    this.full = full;
  }
}

/** The refused write as a LocalWriteError; any other error (a rule, a validation) as it is. */
export function asLocalWriteError(err: unknown): unknown {
  if (err instanceof LocalWriteError) return err;
  const first = [...chainOf(err)][0];
  return typeof first?.name === 'string' && STORAGE_FAILURES.has(first.name)
    ? new LocalWriteError(err)
    : err;
}

/** Runs a local write; a refusal of the storage rejects with a LocalWriteError. */
export async function localWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw asLocalWriteError(err);
  }
}
