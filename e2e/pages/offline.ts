import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Offline helpers for end-to-end runs: wait until the service worker controls the page (so
 * reloads come from its cache), cut and restore the network, and wait for the outbox to drain.
 */
export async function waitForServiceWorker(page: Page, timeout = 90_000): Promise<void> {
  // Polled, so that a page never controlled ends with the registration's states: no active
  // worker means its install failed; an active one without a controller, a page never claimed.
  const state = await page.evaluate(async (timeout) => {
    const until = Date.now() + timeout;
    while (!navigator.serviceWorker.controller) {
      if (Date.now() > until) {
        const reg = await navigator.serviceWorker.getRegistration();
        if (!reg) return 'no registration';
        return `installing ${reg.installing?.state ?? '-'}, waiting ${reg.waiting?.state ?? '-'}, active ${reg.active?.state ?? '-'}`;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return null;
  }, timeout);
  if (state) {
    throw new Error(`no service worker controls the page after ${timeout} ms (${state})`);
  }
}

export async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(page.getByTestId('online-indicator')).toContainText(/Offline/i);
}

/** Entries in the device's outbox (an entry leaves it only once the server's answer is kept). */
export async function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('schlauchmanager');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox', 'readonly').objectStore('outbox').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/**
 * Back online; resolves once nothing is pending: the outbox is empty (so the server has
 * committed every entry) and the header's pending badge is gone. The badge alone can lag
 * behind a write made just before (its count is refreshed asynchronously).
 */
export async function goOnlineAndSync(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  await expect(page.getByTestId('sync-pending')).toHaveCount(0, { timeout: 30_000 });
}

/** The pending count the header shows (0 when the badge is hidden). */
export async function pendingCount(page: Page): Promise<number> {
  const badge = page.getByTestId('sync-pending');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.innerText());
}
