// @vitest-environment jsdom
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { getCachedReport, putCachedReport } from '@db/report-cache';
import { useAuthStore } from '../auth';
import { initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import {
  ReportFetchError,
  ReportNotSyncedError,
  ReportOfflineError,
  downloadReport,
  loadReport,
} from './report-download';

const fetchMock = vi.fn<typeof fetch>();
const pdf = (text: string, etag?: string) =>
  new Response(new Blob([text], { type: 'application/pdf' }), {
    status: 200,
    headers: etag ? { etag } : {},
  });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setOnline(true);
  useAuthStore.setState({
    ...initialAuthStateForTest,
    status: 'authenticated',
    user: officeUser,
    accessToken: 'tok',
  });
});
afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  await getDatabase().reportCache.clear();
});
afterAll(async () => {
  await getDatabase().delete();
});

describe('report download', () => {
  it('fetches with the bearer token and caches under the server version (ETag)', async () => {
    fetchMock.mockResolvedValue(pdf('%PDF-1', '"a1-v3"'));
    const report = await loadReport('dguv', 'a1', 2);
    expect(report.source).toBe('fresh');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/cms/audit/dguv/a1');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok');
    expect(await getCachedReport('dguv', 'a1')).toMatchObject({ version: 3 });
  });

  it('asks the server with the cached ETag: 304 uses the copy, a new PDF replaces it', async () => {
    await putCachedReport('inspection', 'i1', { version: 4, blob: new Blob(['cached']) });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 304 }));
    const report = await loadReport('inspection', 'i1', 4);
    expect(report.source).toBe('cached');
    expect(report.blob).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('if-none-match')).toBe('"i1-v4"');
    // A draft of the same version whose checks changed: the server sends it anew.
    fetchMock.mockResolvedValueOnce(pdf('%PDF-new', '"i1-v4"'));
    const again = await loadReport('inspection', 'i1', 4);
    expect(again.source).toBe('fresh');
    expect((await getCachedReport('inspection', 'i1'))?.fetchedAt).toBe(again.fetchedAt);
  });

  it('offline: the copy of the same version without a request', async () => {
    setOnline(false);
    await putCachedReport('inspection', 'i2', { version: 4, blob: new Blob(['cached']) });
    expect((await loadReport('inspection', 'i2', 4)).source).toBe('cached');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offline: an older cached copy (stale), or a clear error without one', async () => {
    setOnline(false);
    await putCachedReport('maintenance', 'm1', { version: 1, blob: new Blob(['old']) });
    const report = await loadReport('maintenance', 'm1', 2);
    expect(report.source).toBe('stale');
    await expect(loadReport('maintenance', 'other', 1)).rejects.toBeInstanceOf(ReportOfflineError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to the cache when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await putCachedReport('dguv', 'a2', { version: 1, blob: new Blob(['old']) });
    expect((await loadReport('dguv', 'a2', 5)).source).toBe('stale');
    await expect(loadReport('dguv', 'a3', 1)).rejects.toBeInstanceOf(ReportOfflineError);
  });

  it('a 404 means the audit is not synchronised yet; other failures are fetch errors', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 404 }));
    await expect(loadReport('dguv', 'a4', 1)).rejects.toBeInstanceOf(ReportNotSyncedError);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500 }));
    await expect(loadReport('dguv', 'a4', 1)).rejects.toBeInstanceOf(ReportFetchError);
  });

  it('saves the PDF under its docs/api.md file name', async () => {
    fetchMock.mockResolvedValue(pdf('%PDF-1'));
    const created: string[] = [];
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    await downloadReport('maintenance', 'm2', 1);
    expect(created).toEqual(['maintenance-report.pdf']);
    click.mockRestore();
  });
});
