import { expect, type Page } from '@playwright/test';

/**
 * Screenshot runs of issues #12 and #13: each screen in de / en-gb / fr at 390 and 1280 px,
 * to be looked at by a person. Only when asked for (SCREENSHOTS=1).
 */
export const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
export const TAKE_SHOTS = process.env.SCREENSHOTS === '1';

/** `ready`: a CSS selector that shows once the screen has its data. */
export async function shoot(page: Page, path: string, name: string, ready: string) {
  if (!TAKE_SHOTS) return;
  const size = page.viewportSize();
  for (const lang of ['de', 'en-gb', 'fr']) {
    await page.context().addCookies([{ name: 'locale', value: lang, url: page.url() }]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(path);
      await expect(page.locator(ready).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.context().addCookies([{ name: 'locale', value: 'de', url: page.url() }]);
  if (size) await page.setViewportSize(size);
  await page.goto(path);
}
