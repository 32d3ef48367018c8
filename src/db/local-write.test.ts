// @vitest-environment node
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingBlob } from '@tests/fixtures/sync';
import { uuidv7 } from '../domain/ids';
import { addBlob } from './blob-repository';
import { openDatabase, type SchlauchDb } from './database';
import { asLocalWriteError, LocalWriteError } from './local-write';

let db: SchlauchDb;
afterEach(async () => {
  vi.restoreAllMocks();
  await db?.delete();
});

describe('local writes the storage refuses', () => {
  it('a file the browser cannot store (WebKit private storage) rejects as LocalWriteError', async () => {
    db = openDatabase(`db-${uuidv7()}`);
    // What WebKit's ephemeral storage answered for a Blob.
    const refused = new DOMException(
      'Error preparing Blob/File data to be stored in object store',
      'UnknownError',
    );
    vi.spyOn(db.blobs, 'add').mockRejectedValue(refused);
    const err = await addBlob(db, pendingBlob(uuidv7(), 'row')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalWriteError);
    expect(err).toMatchObject({ message: 'forms:localSave.failed', full: false });
    vi.restoreAllMocks();
    expect(await db.blobs.count()).toBe(0);
  });

  it('a full storage is said as such, through Dexie wrapping; rules and validation pass as they are', () => {
    const quota = new DOMException('quota', 'QuotaExceededError');
    const wrapped = new Dexie.AbortError('Transaction aborted', quota);
    expect(asLocalWriteError(wrapped)).toMatchObject({
      message: 'forms:localSave.full',
      full: true,
    });
    const rule = new Error('validation:required');
    expect(asLocalWriteError(rule)).toBe(rule);
    const constraint = new DOMException('exists', 'ConstraintError');
    expect(asLocalWriteError(constraint)).toBe(constraint);
  });
});
