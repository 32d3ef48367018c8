/**
 * The branding last received per customer, kept on the device (localStorage) so that the app
 * paints in the customer's colours from its first frame — on a reload, a scanned hose link
 * (`/h/…`), offline — instead of the default theme until the server answers. The server's
 * answer replaces it; no answer leaves it as it was.
 */
import type { Branding } from '@domain/schemas/public-config';

const KEY = 'branding';

type Remembered = Record<string, Branding | null>;

function readAll(): Remembered {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const data: unknown = raw ? JSON.parse(raw) : null;
    return data && typeof data === 'object' ? (data as Remembered) : {};
  } catch {
    return {};
  }
}

const isBranding = (b: unknown, customerId: string): b is Branding => {
  if (!b || typeof b !== 'object') return false;
  const r = b as Record<string, unknown>;
  const optionalText = (v: unknown) => v === null || typeof v === 'string';
  return (
    r.customerId === customerId &&
    typeof r.name === 'string' &&
    optionalText(r.primaryColor) &&
    optionalText(r.faviconUrl)
  );
};

/** The branding last received for `customerId`; null: none, or none known. */
export function rememberedBranding(customerId: string | null): Branding | null {
  if (!customerId) return null;
  const b = readAll()[customerId];
  return isBranding(b, customerId) ? b : null;
}

/** Keeps what the server said about `customerId`'s branding (null: it has none). */
export function rememberBranding(customerId: string, branding: Branding | null): void {
  try {
    const all = readAll();
    all[customerId] = branding;
    globalThis.localStorage?.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or blocked: the branding then comes with the server's answer only.
  }
}
