import { expect, type Page } from '@playwright/test';
import { checkA11y } from '../a11y';
import { SHOTS, TAKE_SHOTS } from './screenshots';

/**
 * A screen must not overflow a 360 px phone sideways in any language, and no
 * button or badge may cut its label ("VERWENDUNGSDAUER ÜBERSC…"). `overflow` measures one
 * screen as it is; `sweep` opens screens in de / en-gb / fr, measures each and (SCREENSHOTS=1)
 * shoots it as `w360-{name}-{lang}.png` for a person to look at.
 */
export const PHONE = { width: 360, height: 780 };
export const LANGS = ['de', 'en-gb', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

export interface Overflow {
  /** How far the page is wider than the screen (scrollWidth − clientWidth), px. */
  width: number;
  /** Elements past the right edge that are not inside a clipping/scrolling box. */
  culprits: string[];
  /** Open dialogs that are wider than the screen or scroll sideways, with their culprits. */
  dialogs: string[];
  /** Button and badge labels cut off (Mantine cuts a label that does not fit its box). */
  cut: string[];
  /** Boxes of the screen that scroll sideways (a table wider than its card): to look at. */
  sideways: string[];
}

/** Measures the page and its open dialogs (a Mantine modal is fixed: it never widens the page). */
export async function overflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const limit = doc.clientWidth;
    const describe = (el: Element) => {
      const box = el.getBoundingClientRect();
      const id = el.getAttribute('data-testid');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''} "${text}" right ${Math.round(box.right)} width ${Math.round(box.width)}`;
    };
    /** Inside a box that clips or scrolls (a table's scroll container): not the page's problem. */
    const contained = (el: Element, stop: Element) => {
      for (let p = el.parentElement; p && p !== stop && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wider = (root: Element, right: number, stop: Element) => {
      const found: string[] = [];
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > right + 1 && !contained(el, stop)) {
          found.push(describe(el));
          if (found.length === 5) break;
        }
      }
      return found;
    };
    const width = doc.scrollWidth - limit;
    const culprits = width > 0 ? wider(document.body, limit, document.body) : [];
    const dialogs: string[] = [];
    for (const dialog of Array.from(document.querySelectorAll<HTMLElement>('[role=dialog]'))) {
      const box = dialog.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(dialog).visibility === 'hidden') continue;
      const sideways = dialog.scrollWidth - dialog.clientWidth;
      if (box.left < -1 || box.right > limit + 1 || sideways > 1) {
        const inner = wider(dialog, Math.min(box.right, limit), dialog);
        dialogs.push(
          `dialog "${(dialog.getAttribute('aria-label') ?? dialog.textContent ?? '').trim().slice(0, 30)}" ` +
            `${Math.round(box.left)}–${Math.round(box.right)}, scrolls ${sideways} px — ${inner.join('; ')}`,
        );
      }
    }
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.right > 0 && box.left < limit;
    };
    const cut = Array.from(
      document.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Badge-label'),
    )
      .map((el) => {
        // The text keeps its whole width in the layout; the label shows what fits its box.
        const text = document.createRange();
        text.selectNodeContents(el);
        return { el, shown: el.getBoundingClientRect(), needed: text.getBoundingClientRect() };
      })
      // 2 px of a glyph's side bearing are not a cut (a count "1" in its pill).
      .filter(({ el, shown, needed }) => visible(el) && needed.width > shown.width + 2)
      .map(
        ({ el, shown, needed }) =>
          `"${(el.textContent ?? '').trim()}" ${Math.round(shown.width)} of ${Math.round(needed.width)} px`,
      );
    const sideways = Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter(
        (el) =>
          visible(el) &&
          el.scrollWidth > el.clientWidth + 1 &&
          /auto|scroll/.test(getComputedStyle(el).overflowX),
      )
      .map((el) => `${describe(el)} scrolls ${el.scrollWidth - el.clientWidth} px`);
    return { width, culprits, dialogs, cut, sideways };
  });
}

/**
 * The language the next page load uses (the app and the server read the `locale` cookie).
 * Path `/` as the app writes it: a cookie set by URL gets that URL's directory as its path.
 */
export async function useLanguage(page: Page, lang: Lang) {
  const { hostname } = new URL(page.url());
  await page.context().addCookies([{ name: 'locale', value: lang, domain: hostname, path: '/' }]);
}

/** Opens a screen in the current language; resolves once it shows what is to be measured. */
export type Opener = (page: Page) => Promise<void>;

const HEADING = 'main h1, main h2';
const STALE = 'data-e2e-stale';

/**
 * In the app already (signed in, no dialog open): moves there as a link would, without loading
 * the app again (a third of the time of a page load). What is on the page now is marked stale
 * first, so that `ready` must find the new screen's element.
 */
async function navigateInApp(page: Page, path: string, ready: string): Promise<boolean> {
  const moved = await page.evaluate(
    ({ to, stale }) => {
      if (!document.querySelector('main') || document.querySelector('[role=dialog]')) return false;
      if (location.pathname.startsWith('/realms/')) return false;
      if (`${location.pathname}${location.search}` === to) return true;
      for (const el of Array.from(document.body.querySelectorAll('*'))) el.setAttribute(stale, '');
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      return true;
    },
    { to: path, stale: STALE },
  );
  if (!moved) return false;
  const fresh = page
    .locator(ready)
    .and(page.locator(`:not([${STALE}])`))
    .first();
  // The same component on both screens keeps its elements (still marked): load the page.
  return fresh.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
}

/**
 * Opens `path` and waits for `ready` (a CSS selector; default: the screen's heading). Within
 * the app it navigates as a link would; the first screen of a language is loaded (`sweep`).
 */
export const at =
  (path: string, ready = HEADING): Opener =>
  async (page) => {
    if (await navigateInApp(page, path, ready)) return;
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible({ timeout: 30_000 });
  };

/**
 * Late content (lists read from the device's database, images) has arrived: the page has not
 * changed for 100 ms (at most 2 s of waiting).
 */
async function settled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = setTimeout(done, 100);
        const limit = setTimeout(done, 2_000);
        // A notification's countdown bar moves until it closes: not the screen changing.
        const countdown = (r: MutationRecord) =>
          (r.target instanceof Element ? r.target : r.target.parentElement)?.closest(
            '.mantine-Progress-root',
          );
        const watch = new MutationObserver((records) => {
          if (records.every(countdown)) return;
          clearTimeout(quiet);
          quiet = setTimeout(done, 100);
        });
        watch.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        function done() {
          watch.disconnect();
          clearTimeout(quiet);
          clearTimeout(limit);
          resolve();
        }
      }),
  );
}

/**
 * Measures one screen as the page shows it now; a problem is added to `failures`. In the first
 * language the screen is also scanned for accessibility (`a11y.ts`; its words are
 * the same in every language).
 */
export async function measure(page: Page, name: string, lang: Lang, failures: string[]) {
  await settled(page);
  if (lang === LANGS[0]) await checkA11y(page, name);
  const { width, culprits, dialogs, cut, sideways } = await overflow(page);
  if (width > 0) failures.push(`${lang} ${name}: ${width} px too wide — ${culprits.join('; ')}`);
  for (const d of dialogs) failures.push(`${lang} ${name}: ${d}`);
  if (cut.length > 0) failures.push(`${lang} ${name}: label cut off — ${cut.join('; ')}`);
  // Not a failure (a wide table may scroll in its card), but worth a look.
  for (const box of sideways) console.log(`note: ${lang} ${name}: sideways scrolling ${box}`);
  if (TAKE_SHOTS) {
    // With a dialog open, the screen as the user sees it (a full-page shot of a scrolled page
    // draws the fixed header in the middle).
    const dialog = await page.locator('[role=dialog]').first().isVisible();
    await page.screenshot({ path: `${SHOTS}/w360-${name}-${lang}.png`, fullPage: !dialog });
  }
}

/**
 * Each screen in each language: open, check the page's language, measure. Leaves the page in
 * German (the other helpers find controls by their German names).
 */
export async function sweep(
  page: Page,
  screens: readonly (readonly [name: string, open: Opener])[],
  failures: string[],
  langs: readonly Lang[] = LANGS,
) {
  for (const lang of langs) {
    await switchTo(page, lang);
    for (const [name, open] of screens) {
      await open(page);
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}$`, 'i'));
      await measure(page, name, lang, failures);
    }
  }
  await switchTo(page, 'de');
}

/** The page in `lang` (the app reads the language when it starts). */
async function switchTo(page: Page, lang: Lang) {
  await useLanguage(page, lang);
  const now = (await page.locator('html').getAttribute('lang')) ?? '';
  if (now.toLowerCase() !== lang) await page.reload();
}
