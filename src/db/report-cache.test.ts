// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import { openDatabase, type SchlauchDb } from './database';
import {
  getCachedReport,
  putCachedReport,
  removeCachedReport,
  reportCacheKey,
} from './report-cache';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

describe('report cache', () => {
  it('stores the latest PDF per report kind and id, replacing an older version', async () => {
    db = openDatabase(`db-${uuidv7()}`);
    expect(await getCachedReport('dguv', 'a1', db)).toBeUndefined();
    await putCachedReport('dguv', 'a1', { version: 1, blob: new Blob(['v1']) }, db);
    await putCachedReport('dguv', 'a1', { version: 2, blob: new Blob(['v2']) }, db);
    await putCachedReport('inspection', 'a1', { version: 7, blob: new Blob(['i']) }, db);
    const dguv = await getCachedReport('dguv', 'a1', db);
    expect(dguv).toMatchObject({ key: 'dguv:a1', version: 2 });
    expect(dguv?.fetchedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await db.reportCache.count()).toBe(2);
    expect(reportCacheKey('maintenance', 'x')).toBe('maintenance:x');
  });

  it('forgets a removed report', async () => {
    db = openDatabase(`db-${uuidv7()}`);
    await putCachedReport('maintenance', 'm1', { version: 1, blob: new Blob(['m']) }, db);
    await removeCachedReport('maintenance', 'm1', db);
    expect(await getCachedReport('maintenance', 'm1', db)).toBeUndefined();
  });
});
