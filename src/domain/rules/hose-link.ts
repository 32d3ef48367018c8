/**
 * A hose's link: the QR code on its label holds `{PUBLIC_URL}/h/{code}`, so any
 * phone camera opens the app at the hose, and the app's own scanner reads the same link — or a
 * bare hose code (typed, or a plain code in a barcode) — back to the code. The server builds
 * the link, the device parses it; both use these functions.
 */

/** The app route that resolves a hose code on the device. */
export const HOSE_LINK_ROUTE = 'h';

/** The longest hose code (the pipe schema's `code`: requiredText(50)). */
const MAX_CODE_LENGTH = 50;

/** `/h/{code}`, the code percent-encoded (a code may hold any character). */
export function hoseLinkPath(code: string): string {
  return `/${HOSE_LINK_ROUTE}/${encodeURIComponent(code.trim())}`;
}

/** The absolute link printed in a label's QR code. */
export function hoseLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${hoseLinkPath(code)}`;
}

const LINK_PATH = new RegExp(`^/${HOSE_LINK_ROUTE}/([^/]+)/?$`);
/** Any control character (a line break, a tab): a code is one plain line. */
const hasControl = (text: string) => [...text].some((ch) => ch < ' ' || ch === '\u007f');

function plausibleCode(value: string): string | null {
  const code = value.trim();
  if (code === '' || code.length > MAX_CODE_LENGTH || hasControl(code)) return null;
  return code;
}

function codeFromPath(pathname: string): string | null {
  const match = LINK_PATH.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return plausibleCode(decodeURIComponent(match[1]));
  } catch {
    return null; // a broken percent-escape
  }
}

/**
 * The hose code a scanned or typed text names, or null when it names none:
 * - a hose link `http(s)://{any host}/h/{code}` (labels printed under another address of the
 *   same installation still open) or the bare path `/h/{code}`;
 * - any other link is not a hose label (null);
 * - anything else is taken as the code itself (trimmed; one line of at most 50 characters).
 */
export function codeFromScan(text: string): string | null {
  const value = text.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return plausibleCode(value);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return plausibleCode(value);
    return codeFromPath(url.pathname);
  }
  if (value.startsWith('/')) return codeFromPath(value);
  return plausibleCode(value);
}
