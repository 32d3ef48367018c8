/**
 * Firefox ESR (Debian `firefox-esr`) driven by puppeteer-core over WebDriver BiDi; no
 * geckodriver. Each session is a browser context of its own (own storage, own service worker).
 * A page with unsaved changes asks before unload; script navigation accepts it.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Engine, EngineDriver } from './driver';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

class FirefoxDriver implements EngineDriver {
  constructor(private readonly page: Page) {
    page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  }

  async goto(url: string) {
    try {
      await this.page.goto(url, { waitUntil: 'load', timeout: 90_000 });
    } catch (error) {
      // Firefox reports a navigation that the page's own script overtook (the app's router
      // settling its URL) as aborted; the page is there all the same, or a second try gets it.
      if (!String(error).includes('NS_BINDING_ABORTED')) throw error;
      await new Promise((r) => setTimeout(r, 1_000));
      if (this.page.url() !== url)
        await this.page.goto(url, { waitUntil: 'load', timeout: 90_000 });
    }
  }

  async reload() {
    await this.page.reload({ waitUntil: 'load', timeout: 90_000 });
  }

  url() {
    return Promise.resolve(this.page.url());
  }

  async run<T>(body: string, args: readonly unknown[] = []): Promise<T> {
    return (await this.page.evaluate(
      `(async (args) => { ${body} })(${JSON.stringify(args)})`,
    )) as T;
  }

  async click(css: string) {
    await this.page.locator(css).setTimeout(10_000).click();
  }

  async type(css: string, text: string) {
    await this.page.locator(css).setTimeout(10_000).click();
    await this.page.keyboard.type(text);
  }

  async upload(css: string, path: string) {
    const input = await this.page.$(css);
    if (!input) throw new Error(`no ${css}`);
    await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(path);
  }

  async stroke(css: string, points: readonly (readonly [number, number])[]) {
    const el = await this.page.$(css);
    await el?.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    const box = await el?.boundingBox();
    if (!box) throw new Error(`${css} is not visible`);
    const [first, ...rest] = points;
    if (!first) return;
    await this.page.mouse.move(box.x + first[0], box.y + first[1]);
    await this.page.mouse.down();
    for (const [x, y] of rest) await this.page.mouse.move(box.x + x, box.y + y, { steps: 3 });
    await this.page.mouse.up();
  }

  async close() {
    await this.page.close();
  }
}

export async function firefox(): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: { width: 390, height: 844 },
    extraPrefsFirefox: { 'intl.accept_languages': 'de-DE,de', 'intl.locale.requested': 'de' },
  });
  return {
    name: 'firefox',
    async session() {
      const context = await browser.createBrowserContext();
      return new FirefoxDriver(await context.newPage());
    },
    async close() {
      await browser.close();
    },
  };
}
