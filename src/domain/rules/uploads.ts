/**
 * Why a file or a link the office attaches is refused, said before it is sent and checked
 * again by the server: a delivery note is a PDF, JPG or PNG of at most 10 MB (the server's
 * upload limit, docs/sync.md blobs); a tracking link is a whole web address starting with
 * http:// or https:// (no other scheme: a link the customer opens must be a web page).
 */
import type { MessageKey } from '../messages';

/** The server's limit for every uploaded file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const DELIVERY_NOTE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export function deliveryNoteIssue(file: { type: string; size: number }): MessageKey | null {
  if (!(DELIVERY_NOTE_TYPES as readonly string[]).includes(file.type)) return 'validation:fileType';
  if (file.size === 0) return 'validation:fileEmpty';
  if (file.size > MAX_UPLOAD_BYTES) return 'validation:fileSize';
  return null;
}

export function trackingLinkIssue(value: string): MessageKey | null {
  const text = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https')
    return 'validation:urlScheme';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'validation:urlFormat';
  }
  if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.')) return 'validation:urlFormat';
  return null;
}
