/**
 * Fetches a hose labels PDF from the server (the server draws the QR codes and
 * knows PUBLIC_URL) and saves it as a download, as the report PDFs are. Labels are not kept
 * on the device: they are printed where there is a printer, and that is online.
 */
import { labelsPath, labelsQuery, type LabelsRequest } from '@domain/schemas/labels';
import { api } from '@lib/api/api';
import { HttpError, NetworkError } from '@lib/api/http-errors';
import { saveBlob } from '@lib/api/report-download';
import { isBrowserOnline } from '@lib/network/use-online-status';

export type LabelFailure = 'offline' | 'notSynced' | 'failed';

/** A failed download, by what the user is told. */
export class LabelDownloadError extends Error {
  constructor(readonly reason: LabelFailure) {
    super(`labels ${reason}`);
    this.name = 'LabelDownloadError';
  }
}

/** A file name of letters, digits and hyphens from `parts` (a code may hold anything). */
export function labelFileName(...parts: string[]): string {
  const clean = parts
    .map((p) => p.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join('-');
  return `${clean || 'labels'}.pdf`;
}

export async function downloadLabels(
  machineId: string,
  request: LabelsRequest,
  fileName: string,
): Promise<void> {
  if (!isBrowserOnline()) throw new LabelDownloadError('offline');
  let blob: Blob;
  try {
    const res = await api.blob(`${labelsPath(machineId)}?${labelsQuery(request)}`, {
      headers: { accept: 'application/pdf' },
      timeoutMs: 60_000,
    });
    blob = res.data;
  } catch (err) {
    if (err instanceof NetworkError) throw new LabelDownloadError('offline');
    // The machine or the hoses are still waiting in the outbox: the server does not know them.
    if (err instanceof HttpError && err.status === 404) throw new LabelDownloadError('notSynced');
    throw new LabelDownloadError('failed');
  }
  const pdf =
    blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  saveBlob(pdf, fileName);
}
