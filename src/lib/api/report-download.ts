/**
 * Report PDFs (docs/api.md): DGUV audit, inspection and maintenance reports from the server,
 * kept in the device's report cache so a report opened once online can be read offline.
 *
 * - Online, the server is always asked, with the cached copy's ETag (`If-None-Match`): it
 *   answers 304 only for a final report (approved audit, completed report) that has not
 *   changed, and the copy is used; a draft's checks change without its version, so it is
 *   made anew. The PDF is cached under the version the server made it from (its ETag
 *   `"<id>-v<version>"`, else `version`).
 * - Offline, unreachable or a server failure: the cached copy (`cached` when made from
 *   `version`, else `stale`: it may be outdated).
 * - 404: the report's row is not on the server yet (the audit is still queued).
 */
import { getCachedReport, putCachedReport, type ReportKind } from '@db/report-cache';
import { isBrowserOnline } from '../network/use-online-status';
import { api } from './api';
import type { HttpAnswer } from './http';
import { AuthError, HttpError, NetworkError } from './http-errors';

export type { ReportKind } from '@db/report-cache';

export const REPORT_URLS: Record<ReportKind, (id: string) => string> = {
  dguv: (id) => `/api/cms/audit/dguv/${id}`,
  inspection: (id) => `/api/cms/inspection/report/${id}`,
  maintenance: (id) => `/api/cms/maintenance/report/${id}`,
};

export const REPORT_FILE_NAMES: Record<ReportKind, string> = {
  dguv: 'dguv-report.pdf',
  inspection: 'inspection-report.pdf',
  maintenance: 'maintenance-report.pdf',
};

export interface LoadedReport {
  blob: Blob;
  /** fresh: from the server now; cached: the current version from the device; stale: an
   * older or unverifiable copy from the device (offline or the server failed). */
  source: 'fresh' | 'cached' | 'stale';
  fetchedAt: string;
}

/** Offline (or unreachable) and no copy on the device. */
export class ReportOfflineError extends Error {
  constructor() {
    super('report not available offline');
    this.name = 'ReportOfflineError';
  }
}

/** The server does not know the report yet (its row is still waiting in the outbox). */
export class ReportNotSyncedError extends Error {
  constructor() {
    super('report not synchronised yet');
    this.name = 'ReportNotSyncedError';
  }
}

/** Any other failure (docs/api.md 'report data could not be retrieved'). */
export class ReportFetchError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`report request failed (${status})`);
    this.name = 'ReportFetchError';
    this.status = status;
  }
}

const TIMEOUT_MS = 60_000;

function versionFromEtag(etag: string | null): number | null {
  const match = etag ? /-v(\d+)"?$/.exec(etag) : null;
  return match ? Number(match[1]) : null;
}

export async function loadReport(
  kind: ReportKind,
  id: string,
  version: number,
): Promise<LoadedReport> {
  const cached = await getCachedReport(kind, id);
  const fallback = (error: Error): LoadedReport => {
    if (!cached) throw error;
    const source = cached.version === version ? 'cached' : 'stale';
    return { blob: cached.blob, source, fetchedAt: cached.fetchedAt };
  };
  if (!isBrowserOnline()) return fallback(new ReportOfflineError());

  let res: HttpAnswer<Blob>;
  try {
    res = await api.blob(REPORT_URLS[kind](id), {
      headers: {
        accept: 'application/pdf',
        ...(cached ? { 'if-none-match': `"${id}-v${cached.version}"` } : {}),
      },
      timeoutMs: TIMEOUT_MS,
      okStatuses: [304],
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) throw new ReportNotSyncedError();
    if (err instanceof HttpError) return fallback(new ReportFetchError(err.status));
    if (err instanceof AuthError) return fallback(new ReportFetchError(401));
    if (err instanceof NetworkError) return fallback(new ReportOfflineError());
    throw err;
  }
  if (res.status === 304) {
    if (cached) return { blob: cached.blob, source: 'cached', fetchedAt: cached.fetchedAt };
    return fallback(new ReportFetchError(304));
  }
  const blob = res.data;
  const pdf =
    blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  const stored = await putCachedReport(kind, id, {
    version: versionFromEtag(res.headers.get('etag')) ?? version,
    blob: pdf,
  });
  return { blob: pdf, source: 'fresh', fetchedAt: stored.fetchedAt };
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Loads the report (see loadReport) and saves it as dguv-report.pdf etc. */
export async function downloadReport(
  kind: ReportKind,
  id: string,
  version: number,
): Promise<LoadedReport> {
  const report = await loadReport(kind, id, version);
  saveBlob(report.blob, REPORT_FILE_NAMES[kind]);
  return report;
}
