/**
 * An order's delivery note: the office uploads it (PDF, JPG or PNG) to the order
 * and then names it on the order; staff and the order's customer download it. Online only —
 * the office screens say so while offline; the server checks type, size and access.
 */
import { api } from './api';
import { saveBlob } from './report-download';

export { DELIVERY_NOTE_TYPES } from '@domain/rules/uploads';

const fileUrl = (orderId: string) => `/api/cms/shop/order/${encodeURIComponent(orderId)}/file`;
/** A file of a few MB on a slow link. */
const FILE_TIMEOUT_MS = 120_000;

/** Uploads the file to the order; answers the stored file's id. */
export async function uploadDeliveryNote(orderId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = (await api.json(fileUrl(orderId), {
    method: 'POST',
    body: form,
    timeoutMs: FILE_TIMEOUT_MS,
  })) as { id: string };
  return body.id;
}

/** Fetches the order's delivery note and hands it to the browser as a download. */
export async function downloadDeliveryNote(orderId: string, fileId: string): Promise<void> {
  const res = await api.blob(`${fileUrl(orderId)}?file=${encodeURIComponent(fileId)}`, {
    headers: { accept: '*/*' },
    timeoutMs: FILE_TIMEOUT_MS,
  });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(res.data, name ?? 'delivery-note');
}
