/**
 * The `reportCache` table: the last downloaded PDF of each report (DGUV audit, inspection,
 * maintenance), keyed `${kind}:${id}`, with the row version it was made from. A report whose
 * row has not changed since is served from here without asking the server, and any cached
 * copy can be read offline (it may then be outdated).
 */
import { getDatabase, type SchlauchDb } from './database';
import type { ReportCacheRecord } from './records';
import { bytesToBlob, toStoredBytes } from './stored-bytes';

export type { ReportCacheRecord };

/** A cached report as its readers see it: the PDF as a Blob. */
export interface CachedReport {
  key: string;
  version: number;
  blob: Blob;
  fetchedAt: string;
}

const cachedReportOf = ({ data, ...rest }: ReportCacheRecord): CachedReport => ({
  ...rest,
  blob: bytesToBlob(data),
});

export type ReportKind = 'dguv' | 'inspection' | 'maintenance';

export const reportCacheKey = (kind: ReportKind, id: string) => `${kind}:${id}`;

export async function getCachedReport(
  kind: ReportKind,
  id: string,
  db: SchlauchDb = getDatabase(),
): Promise<CachedReport | undefined> {
  const record = await db.reportCache.get(reportCacheKey(kind, id));
  return record && cachedReportOf(record);
}

export async function putCachedReport(
  kind: ReportKind,
  id: string,
  entry: { version: number; blob: Blob; fetchedAt?: string },
  db: SchlauchDb = getDatabase(),
): Promise<CachedReport> {
  const record: ReportCacheRecord = {
    key: reportCacheKey(kind, id),
    version: entry.version,
    data: await toStoredBytes(entry.blob),
    fetchedAt: entry.fetchedAt ?? new Date().toISOString(),
  };
  await db.reportCache.put(record);
  return { ...cachedReportOf(record), blob: entry.blob };
}

export async function removeCachedReport(
  kind: ReportKind,
  id: string,
  db: SchlauchDb = getDatabase(),
): Promise<void> {
  await db.reportCache.delete(reportCacheKey(kind, id));
}
