/** Swaps the favicon (`#app-favicon` in index.html) for a customer's, and back. */
const FAVICON_ID = 'app-favicon';
const DEFAULT_FAVICON = '/favicon.svg';

function iconType(url: string): string | null {
  const path = url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  if (path.endsWith('.svg')) return 'image/svg+xml';
  if (path.endsWith('.png')) return 'image/png';
  if (path.endsWith('.ico')) return 'image/x-icon';
  return null;
}

export function applyFavicon(url: string | null): void {
  const link = document.getElementById(FAVICON_ID);
  if (!(link instanceof HTMLLinkElement)) return;
  const href = url ?? DEFAULT_FAVICON;
  if (link.getAttribute('href') === href) return;
  link.href = href;
  const type = iconType(href);
  if (type) link.type = type;
  else link.removeAttribute('type');
}
