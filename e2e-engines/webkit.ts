/**
 * WebKit (WebKitGTK, the engine family of every iPhone browser): Debian's `WebKitWebDriver`
 * (package webkit2gtk-driver) drives the `MiniBrowser` of libwebkit2gtk-4.1 under a private
 * Xvfb display, through selenium-webdriver. Each session is its own MiniBrowser (own storage).
 * WebKitGTK ships the storage API switched off; `--features` turns it on as Safari has it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import type { Engine, EngineDriver } from './driver';

export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

class WebKitDriver implements EngineDriver {
  constructor(private readonly driver: WebDriver) {}

  async goto(url: string) {
    await this.driver.get(url);
  }

  async reload() {
    await this.driver.navigate().refresh();
  }

  url() {
    return this.driver.getCurrentUrl();
  }

  async run<T>(body: string, args: readonly unknown[] = []): Promise<T> {
    const result = (await this.driver.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       (async (args) => { ${body} })(arguments[0]).then(
         (value) => done({ value: value === undefined ? null : value }),
         (error) => done({ error: String(error && error.stack || error) }),
       );`,
      args,
    )) as { value?: T; error?: string };
    if (result.error) throw new Error(result.error);
    return result.value as T;
  }

  /**
   * Clicks once the element's centre is inside the viewport and still (a notification sliding
   * in from the edge) and nothing lies over it (a notification sliding in over a button):
   * WebKitWebDriver hands the click to whatever is on top, without an error.
   */
  async click(css: string) {
    const el = await this.driver.findElement(By.css(css));
    const until = Date.now() + 10_000;
    let before = '';
    for (;;) {
      const where = await this.driver.executeScript(
        `const el = arguments[0];
         el.scrollIntoView({ block: 'center' });
         const r = el.getBoundingClientRect();
         const x = r.left + r.width / 2;
         const y = r.top + r.height / 2;
         if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return '';
         const top = document.elementFromPoint(x, y);
         return !top || el.contains(top) || top.contains(el) ? x + ',' + y : '';`,
        el,
      );
      // Free, and where it was a moment ago: not in the middle of a transition.
      if ((where && where === before) || Date.now() > until) break;
      before = String(where);
      await new Promise((r) => setTimeout(r, 250));
    }
    try {
      await el.click();
    } catch (err) {
      // Say what lay where the click went: the driver's error names neither.
      const seen = await this.driver.executeScript(
        `const el = arguments[0];
         const r = el.getBoundingClientRect();
         const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
         const chain = [];
         for (let e = el; e && chain.length < 8; e = e.parentElement) {
           const cs = getComputedStyle(e);
           chain.push([e.className && String(e.className).slice(0, 40), cs.transform, cs.opacity, cs.position, cs.transition && cs.transition.slice(0, 60), e.getAttribute('style')]);
         }
         return JSON.stringify({ rect: [r.left, r.top, r.width, r.height], rects: el.getClientRects().length,
           viewport: [innerWidth, innerHeight], vis: document.visibilityState, rm: matchMedia('(prefers-reduced-motion: reduce)').matches,
           chain, top: top ? top.outerHTML.slice(0, 300) : null });`,
        el,
      );
      throw new Error(`${css} not clickable: ${String(seen)}`, { cause: err });
    }
  }

  async type(css: string, text: string) {
    await this.click(css);
    await this.driver.findElement(By.css(css)).sendKeys(text);
  }

  async upload(css: string, path: string) {
    await this.driver.findElement(By.css(css)).sendKeys(path);
  }

  async stroke(css: string, points: readonly (readonly [number, number])[]) {
    const el = await this.driver.findElement(By.css(css));
    await this.driver.executeScript('arguments[0].scrollIntoView({block: "center"})', el);
    const rect = await el.getRect();
    const [first, ...rest] = points;
    if (!first) return;
    // Offsets from the element's centre, as WebDriver measures them.
    const at = ([x, y]: readonly [number, number]) => ({
      origin: el,
      x: Math.round(x - rect.width / 2),
      y: Math.round(y - rect.height / 2),
    });
    let actions = this.driver.actions().move(at(first)).press();
    for (const p of rest) actions = actions.move({ ...at(p), duration: 30 });
    await actions.release().perform();
  }

  async close() {
    await this.driver.quit();
  }
}

function waitForPort(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () =>
      fetch(url)
        .then(() => resolve())
        .catch(() =>
          Date.now() > until
            ? reject(new Error(`${url} did not answer`))
            : setTimeout(attempt, 200),
        );
    attempt();
  });
}

/** `display` and `driverPort` must be free: one lane per port pair (scripts/e2e-lanes.ts). */
export async function webkit(display: number, driverPort: number): Promise<Engine> {
  if (!existsSync(MINIBROWSER_PATH)) throw new Error(`no MiniBrowser at ${MINIBROWSER_PATH}`);
  const children: ChildProcess[] = [];
  const xvfb = spawn('Xvfb', [`:${display}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  children.push(xvfb);
  await new Promise((r) => setTimeout(r, 500));
  const wd = spawn('WebKitWebDriver', [`--port=${driverPort}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: `:${display}`, LANG: 'de_DE.UTF-8' },
  });
  children.push(wd);
  const server = `http://127.0.0.1:${driverPort}`;
  await waitForPort(`${server}/status`, 20_000);
  const sessions: WebDriver[] = [];
  return {
    name: 'webkit',
    async session() {
      const driver = await new Builder()
        .usingServer(server)
        .withCapabilities({
          browserName: 'MiniBrowser',
          unhandledPromptBehavior: 'accept',
          'webkitgtk:browserOptions': {
            binary: MINIBROWSER_PATH,
            args: ['--automation', '--features=+StorageAPI,+StorageAPIEstimate'],
          },
        })
        .build();
      await driver.manage().setTimeouts({ script: 90_000, pageLoad: 90_000 });
      await driver
        .manage()
        .window()
        .setRect({ width: 390, height: 844 })
        .catch(() => undefined);
      sessions.push(driver);
      return new WebKitDriver(driver);
    },
    async close() {
      for (const s of sessions) await s.quit().catch(() => undefined);
      for (const c of children.reverse()) c.kill();
    },
  };
}
