/**
 * What an uploaded file is, decided by its first bytes (never by its name or the browser's
 * content type), which types an entity accepts, and how a stored file is named on the way out.
 */
import { IMAGE_MIME_TYPES } from '@domain/schemas/fields';
import { MAX_UPLOAD_BYTES } from '@domain/rules/uploads';

/** docs/sync.md blobs: photos, signatures, logos and documents (the device checks it too). */
export const MAX_FILE_BYTES = MAX_UPLOAD_BYTES;

export type StoredType = (typeof IMAGE_MIME_TYPES)[number] | 'application/pdf';

/** Bytes needed to recognise every accepted type. */
export const SNIFF_BYTES = 8;

const SIGNATURES: { type: StoredType; magic: number[] }[] = [
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

export function sniffType(head: Uint8Array): StoredType | null {
  const hit = SIGNATURES.find(({ magic }) => magic.every((byte, i) => head[i] === byte));
  return hit?.type ?? null;
}

/**
 * docs/api.md: images are JPG or PNG only; machine documents may also be PDF. The app uploads a
 * document's file to its machine (the row the server already has; the document row, which
 * must name its file, follows), so machines take PDFs too. An order's delivery note (issue
 * #13) is a PDF, JPG or PNG as well. A machine's photo only ever names
 * an image the app compressed (captureImage).
 */
const DOCUMENT_HOLDERS: readonly string[] = ['document', 'machine', 'order'];

export function acceptedTypes(entity: string): { types: readonly StoredType[]; message: string } {
  if (DOCUMENT_HOLDERS.includes(entity)) {
    return { types: [...IMAGE_MIME_TYPES, 'application/pdf'], message: 'JPG, PNG or PDF only' };
  }
  return { types: IMAGE_MIME_TYPES, message: 'JPG or PNG only' };
}

const EXTENSIONS: Record<StoredType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** Extensions that already say the sniffed type (kept as the client wrote them). */
const SAME_TYPE: Record<StoredType, RegExp> = {
  'image/jpeg': /\.(jpe?g|jfif)$/i,
  'image/png': /\.png$/i,
  'application/pdf': /\.pdf$/i,
};

/**
 * The name kept for a file: the client's base name without paths or control characters,
 * ending in the extension of the type its bytes are (`poly.html` holding a PNG is kept as
 * `poly.png`: a name never suggests another type to whoever saves the file), at most 255
 * characters; `file.<ext>` when nothing usable is left.
 */
export function safeFileName(raw: string | undefined, type: StoredType): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  const ext = `.${EXTENSIONS[type]}`;
  const stem = clean.replace(/\.[^.]*$/, '').replace(/^\.+$/, '');
  const name = SAME_TYPE[type].test(clean) ? clean : stem ? `${stem}${ext}` : `file${ext}`;
  return name.length > 255 ? name.slice(name.length - 255) : name;
}

/** `inline` with an ASCII fallback name and the exact one per RFC 5987 when it is not ASCII. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === name) return `inline; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
