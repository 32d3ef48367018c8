import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { a11yReport, checkA11y, settle, startA11y } from './a11y';

// Everything of Playwright's but `test`, which this file extends.
export * from '@playwright/test';

/**
 * `test` of every spec: Playwright's, plus an automatic accessibility check.
 * Each page of the test — in its own context or one made by `browser.newContext` — is scanned
 * with axe-core once it has settled after a navigation (a page load or the app's own history
 * change), once per screen (see `a11y.ts`); before the test ends, the screen each page shows
 * last. A serious or critical violation fails the test with rule, element and help.
 * `test.use({ a11yAuto: false })` leaves the scanning to the spec (`checkA11y` at points it
 * chooses): for sweeps that move on faster than a page settles.
 */
export const test = base.extend<{ a11yAuto: boolean; a11y: void }>({
  a11yAuto: [true, { option: true }],
  a11y: [
    async ({ context, browser, a11yAuto }, use, testInfo) => {
      startA11y();
      const pages = new Set<Page>();
      const pending = new Set<Promise<unknown>>();
      const watchPage = (page: Page) => {
        if (pages.has(page)) return;
        pages.add(page);
        if (!a11yAuto) return;
        let visit = 0;
        page.on('framenavigated', (frame) => {
          if (frame !== page.mainFrame()) return;
          const mine = ++visit;
          const current = () => mine === visit && !page.isClosed();
          const scan = settle(page)
            .then(() => checkA11y(page, undefined, current))
            // A page closed or navigated away meanwhile: its next visit is scanned.
            .catch(() => {});
          pending.add(scan);
          void scan.finally(() => pending.delete(scan));
        });
      };
      const watchContext = (c: BrowserContext) => {
        c.pages().forEach(watchPage);
        c.on('page', watchPage);
      };
      watchContext(context);
      const newContext = browser.newContext.bind(browser);
      const patched: Pick<Browser, 'newContext'> = browser;
      patched.newContext = async (...args) => {
        const made = await newContext(...args);
        watchContext(made);
        return made;
      };
      try {
        await use();
      } finally {
        // Back to the class's own method.
        Reflect.deleteProperty(browser, 'newContext');
      }
      await Promise.all(pending);
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const page of pages) {
        if (page.isClosed()) continue;
        await settle(page).catch(() => {});
        await checkA11y(page).catch(() => {});
      }
      const report = a11yReport();
      if (report) throw new Error(report);
    },
    { auto: true },
  ],
});
