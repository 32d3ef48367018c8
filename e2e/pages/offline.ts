import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Offline helpers for end-to-end runs: wait until the service worker controls the page (so
 * reloads come from its cache), cut and restore the network, and wait for the outbox to drain.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
    }
  });
}

export async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(page.getByTestId('online-indicator')).toContainText(/Offline/i);
}

/** Back online; resolves once nothing is pending (the header's pending badge is gone). */
export async function goOnlineAndSync(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await expect(page.getByTestId('sync-pending')).toHaveCount(0, { timeout: 30_000 });
}

/** The pending count the header shows (0 when the badge is hidden). */
export async function pendingCount(page: Page): Promise<number> {
  const badge = page.getByTestId('sync-pending');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.innerText());
}
