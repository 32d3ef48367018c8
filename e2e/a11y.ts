import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe-core on every screen the e2e tests visit, no `serious` or `critical`
 * violation of WCAG 2.1 A/AA. A screen is its route (ids and long query values replaced), the
 * page's language, phone or desktop width and the open dialog, if any; each is scanned once
 * per worker while it is clean (a screen with violations is scanned again on its next visit,
 * so a retry fails too). `checkA11y` scans now (page models after opening a dialog, the
 * overflow sweep); `fixtures.ts` scans each screen a page settles on by itself.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/** Screens scanned without a violation in this worker. */
const clean = new Set<string>();
/** The running test's violations: rule and reason → the elements and screens seen with them. */
const found = new Map<string, { targets: Set<string>; screens: Set<string> }>();
/** One scan at a time per page (axe refuses a second run while one is going). */
const busy = new WeakMap<Page, Promise<unknown>>();

/** `/customer/<uuid>/machine?id=<uuid>&step=finish` → `/customer/:id/machine?id=:v&step=finish`. */
export function routeOf(url: string): string {
  const u = new URL(url);
  const path = u.pathname
    .split('/')
    // Ids, numbers and the sign-in page's one-time tokens.
    .map((s) => (/^[0-9a-f]{8}-[0-9a-f-]{27}$|^\d+$|^(?=.*\d)[\w-]{20,}$/i.test(s) ? ':id' : s))
    .join('/');
  const query = [...u.searchParams]
    .map(([k, v]) => `${k}=${/^[a-z-]{1,20}$/i.test(v) ? v : ':v'}`)
    .sort()
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** What the page shows now: language, width and the name of the open dialog. */
async function screenOf(page: Page) {
  return page.evaluate(() => {
    const dialog = Array.from(document.querySelectorAll<HTMLElement>('[role=dialog]')).find(
      (d) => d.getBoundingClientRect().width > 0,
    );
    const title = dialog?.getAttribute('aria-labelledby');
    const name = dialog
      ? (dialog.getAttribute('aria-label') ??
        (title ? document.getElementById(title)?.textContent : null) ??
        'dialog')
      : null;
    return {
      lang: document.documentElement.lang || '-',
      width: innerWidth < 600 ? 'phone' : 'desktop',
      dialog: name?.trim().slice(0, 40) ?? null,
    };
  });
}

/** Waits until the page has not changed for `quiet` ms (at most `limit` ms). */
export async function settle(page: Page, quiet = 250, limit = 3_000) {
  await page.evaluate(
    ({ quiet, limit }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const cap = setTimeout(done, limit);
        const watch = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true });
        function done() {
          watch.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          resolve();
        }
      }),
    { quiet, limit },
  );
  // Then the running transitions (a dialog fading in): their colours are half-way.
  await transitionsDone(page);
}

/** Resolves when the page's finite animations and transitions have ended (at most 1 s). */
async function transitionsDone(page: Page) {
  await page.evaluate(() => {
    const running = document.getAnimations().filter((a) => a.playState === 'running');
    const finite = running.filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    return Promise.race([
      Promise.allSettled(finite.map((a) => a.finished)),
      new Promise((r) => setTimeout(r, 1_000)),
    ]).then(() => undefined);
  });
}

type Watched = Window & { a11yChanges?: number; a11yWatch?: MutationObserver };

/**
 * axe's scan takes a while. When the test changes the screen meanwhile (opens a menu, whose
 * items then fade in with half their contrast), the scan mixes two screens: it is taken again
 * once the screen is quiet. A screen that keeps changing keeps its third scan, so no screen
 * goes unchecked. Only elements added or removed count as a change.
 */
async function analyzeUnchanged(page: Page) {
  for (let attempt = 1; ; attempt++) {
    // A dialog the test opened after the page settled is still fading in: its colours are
    // half-way until its transition ends.
    await transitionsDone(page);
    await page.evaluate(() => {
      const w = window as Watched;
      w.a11yWatch?.disconnect();
      w.a11yChanges = 0;
      w.a11yWatch = new MutationObserver((records) => {
        w.a11yChanges! += records.filter(
          (r) => r.addedNodes.length > 0 || r.removedNodes.length > 0,
        ).length;
      });
      w.a11yWatch.observe(document.body, { subtree: true, childList: true });
    });
    const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
    const changes = await page.evaluate(() => {
      const w = window as Watched;
      w.a11yWatch?.disconnect();
      return w.a11yChanges ?? 0;
    });
    if (changes === 0 || attempt === 3) return results;
    await settle(page);
  }
}

/**
 * Scans the page as it is now, once per screen (or per `name`, for a state of a screen the
 * route does not tell apart). `stillThere` is asked before and after: a page that moved on
 * meanwhile is not counted. Returns whether a scan ran.
 */
export async function checkA11y(
  page: Page,
  name?: string,
  stillThere: () => boolean = () => true,
): Promise<boolean> {
  const before = busy.get(page);
  let release = () => {};
  const mine = new Promise<void>((resolve) => (release = resolve));
  const queued = (before ?? Promise.resolve()).then(() => mine);
  busy.set(page, queued);
  try {
    await before?.catch(() => {});
    if (page.isClosed() || !stillThere()) return false;
    const url = page.url();
    if (!/^https?:/.test(url) || new URL(url).pathname.startsWith('/api/')) return false;
    const screen = await screenOf(page);
    const where = `${name ?? routeOf(url)}${screen.dialog ? ` [dialog "${screen.dialog}"]` : ''}`;
    const key = `${where} ${screen.lang} ${screen.width}`;
    if (clean.has(key)) return false;
    const results = await analyzeUnchanged(page);
    if (page.url() !== url || !stillThere()) return false;
    const bad = (await withoutListboxScrollers(page, results.violations)).filter((v) =>
      FAILING.has(v.impact ?? ''),
    );
    if (bad.length === 0) clean.add(key);
    for (const v of bad) {
      for (const node of v.nodes) {
        // The first line names the rule's check; the second says why this element fails.
        const why = node.failureSummary?.split('\n')[1]?.trim() ?? '';
        const id = `${v.impact} ${v.id}: ${v.help}. ${why}`;
        const seen = found.get(id) ?? { targets: new Set(), screens: new Set() };
        seen.targets.add(`${node.target.join(' ')} ${node.html.slice(0, 100)}`);
        seen.screens.add(key);
        found.set(id, seen);
      }
    }
    return true;
  } finally {
    release();
    if (busy.get(page) === queued) busy.delete(page);
  }
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/**
 * A combobox's dropdown (Mantine Select, Autocomplete) scrolls a listbox whose options are
 * operated from the input (aria-activedescendant: the WAI-ARIA combobox pattern), so its
 * scroll area needs no focus of its own and axe's `scrollable-region-focusable` does not apply.
 * Such a node is one inside or around a listbox — or, when it is gone before the check, a node of a
 * portal Mantine named (`#mantine-…`): a transient popup, not the screen.
 */
async function withoutListboxScrollers(page: Page, violations: Violations): Promise<Violations> {
  const out: Violations = [];
  for (const v of violations) {
    if (v.id !== 'scrollable-region-focusable') {
      out.push(v);
      continue;
    }
    const nodes: typeof v.nodes = [];
    for (const node of v.nodes) {
      const selector = String(node.target[0] ?? '');
      // Gone by now (closed, or the page moved on): judged by where it was.
      const holdsListbox = await page
        .evaluate((sel) => {
          const el = document.querySelector(sel);
          // Mantine puts the scroll area inside the listbox (Select) or around it.
          if (!el) return null;
          return (
            el.closest('[role="listbox"]') !== null || el.querySelector('[role="listbox"]') !== null
          );
        }, selector)
        .catch(() => null);
      const popup = holdsListbox ?? selector.startsWith('#mantine-');
      if (!popup) nodes.push(node);
    }
    if (nodes.length > 0) out.push({ ...v, nodes });
  }
  return out;
}

/** The start of a test: no violations found yet. */
export function startA11y() {
  found.clear();
}

/** The violations found since `startA11y`, as one readable message (empty: none). */
export function a11yReport(): string {
  if (found.size === 0) return '';
  const lines = [...found].map(([rule, { targets, screens }]) => {
    const some = [...targets].slice(0, 4);
    const more =
      targets.size > some.length ? `\n      … and ${targets.size - some.length} more` : '';
    return (
      `  - ${rule}\n      on ${[...screens].join(', ')}\n` +
      some.map((t) => `      at ${t}`).join('\n') +
      more
    );
  });
  return `${found.size} kind(s) of serious or critical accessibility violation (axe-core, WCAG 2.1 AA):\n${lines.join('\n')}`;
}
