/**
 * An order's delivery note (issue #13): the office uploads it (PDF, JPG or PNG) to the order
 * and then names it on the order; staff and the order's customer download it. Online only —
 * the office screens say so while offline; the server checks type, size and access.
 */
import { apiErrorSchema } from '../../domain/schemas/api-error';
import { getAccessToken } from '../auth';
import { ApiRequestError, NetworkError } from './http';
import { saveBlob } from './report-download';

export const DELIVERY_NOTE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

const fileUrl = (orderId: string) => `/api/cms/shop/order/${encodeURIComponent(orderId)}/file`;

function authHeaders(): Record<string, string> {
  const token = getAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (res.ok) return res;
  const parsed = apiErrorSchema.safeParse(await res.json().catch(() => null));
  throw new ApiRequestError(
    parsed.success ? parsed.data : { status: res.status, code: 'http_error', message: 'error' },
  );
}

/** Uploads the file to the order; answers the stored file's id. */
export async function uploadDeliveryNote(orderId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await send(fileUrl(orderId), {
    method: 'POST',
    headers: { accept: 'application/json', ...authHeaders() },
    body: form,
  });
  const body = (await res.json()) as { id: string };
  return body.id;
}

/** Fetches the order's delivery note and hands it to the browser as a download. */
export async function downloadDeliveryNote(orderId: string, fileId: string): Promise<void> {
  const res = await send(`${fileUrl(orderId)}?file=${encodeURIComponent(fileId)}`, {
    headers: authHeaders(),
  });
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(blob, name ?? 'delivery-note');
}
