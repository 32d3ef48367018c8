/**
 * Installing the app to the home screen, the way that makes the browser keep its data
 * (docs/sync.md "Storage at risk"): which way this browser offers, and Chromium's own install
 * prompt (`beforeinstallprompt`, kept from the moment it fires; main.tsx imports this first,
 * so it stays free of React).
 */
/**
 * - `ios`: iPhone / iPad (every browser there is WebKit): Share → "Add to Home Screen".
 * - `macSafari`: Safari on a Mac: File → "Add to Dock".
 * - `firefox`: allow persistent storage when Firefox asks.
 * - `chromium`: Chrome, Edge, Samsung Internet: the install prompt.
 */
export type InstallWay = 'ios' | 'macSafari' | 'firefox' | 'chromium';

export function installWay(
  userAgent: string = globalThis.navigator?.userAgent ?? '',
  maxTouchPoints: number = globalThis.navigator?.maxTouchPoints ?? 0,
): InstallWay {
  // An iPad asks for the desktop site and says "Macintosh"; it has a touch screen.
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) {
    return 'ios';
  }
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Macintosh/.test(userAgent) && /Safari\//.test(userAgent) && !/Chrom|Edg\//.test(userAgent)) {
    return 'macSafari';
  }
  return 'chromium';
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // offered by the app's own button instead of the browser's bar
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

/** True while the browser lets the app show its install prompt. */
export function canInstall(): boolean {
  return deferred !== null;
}

/** Calls `listener` when that changes; returns the function that stops it. */
export function onInstallChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install prompt; true when the user installed the app. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
