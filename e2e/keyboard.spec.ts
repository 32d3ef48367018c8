import { expect, test, type Locator, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { DguvPages, photoPng, seedMachineWithHoses } from './pages/dguv-pages';
import { HoseFormPage } from './pages/hose-pages';
import { LoginPage } from './pages/login-page';
import { pendingCount } from './pages/offline';
import { DEMO_CUSTOMER, DEMO_MACHINE } from './pages/power-unit-pages';

/**
 * By keyboard: Tab moves through a form in the order the fields are seen, and
 * the focused element shows it; the signature pad is signed without a pointer (the name typed
 * into it) and a DGUV audit finished that way; the photo pickers open with Enter and Space.
 */
const DEMO_PIPE = '01936b2e-0009-7000-8000-000000000001';

async function signIn(page: Page, user: string, fullName: string) {
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn(user);
  await new AppShell(page).expectSignedInAs(fullName);
}

/** Starts a DGUV audit of the one-hose machine and opens its hose check. */
async function startAudit(page: Page, machineId: string) {
  await page.goto(`/dguv?machine=${machineId}`);
  await expect(page.getByText('1 (davon 0 kritisch)')).toBeVisible({ timeout: 30_000 });
  // Another spec of this user may have left its audit running: this one replaces it.
  const running = page.getByRole('dialog', { name: 'Es läuft bereits eine DGUV-Prüfung' });
  await running.waitFor({ timeout: 2_000 }).catch(() => {});
  if (await running.isVisible()) {
    await running.getByRole('button', { name: 'Verwerfen und neu starten' }).click();
  } else {
    await new DguvPages(page).startButton().click();
  }
  await page.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();
}

/** Throws the running audit away (the next test of this user starts one of its own). */
async function discardAudit(page: Page) {
  const discard = /Prüfung verwerfen/;
  await page.goto('/dguv/audit');
  await page.getByRole('button', { name: discard }).click();
  await page.getByRole('dialog').getByRole('button', { name: discard }).click();
  await expect(page.getByTestId('audit-progress')).toHaveCount(0);
}

interface Stop {
  /** Tag, role and name: what a screen reader says. */
  name: string;
  top: number;
  left: number;
  /** The element looks different focused than it did before anything was focused. */
  shown: boolean;
}

/**
 * Presses Tab `count` times from `start` (focused first) and reports each element that gets
 * the focus: where it is and whether its outline, shadow or border changed with the focus.
 */
async function tabFrom(page: Page, start: Locator, count: number): Promise<Stop[]> {
  // Each control's look before it has the focus.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor].join();
    };
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      el.dataset.unfocused = look(el);
    }
  });
  await start.focus();
  const stops: Stop[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const s = getComputedStyle(el);
        const look = [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor];
        const box = el.getBoundingClientRect();
        const label =
          el.getAttribute('aria-label') ??
          (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
          el.textContent ??
          '';
        return {
          name: `${el.tagName.toLowerCase()}[${el.getAttribute('role') ?? el.getAttribute('type') ?? ''}] ${label.trim().slice(0, 40)}`,
          top: box.top + scrollY,
          left: box.left + scrollX,
          shown:
            el.dataset.unfocused !== undefined &&
            el.dataset.unfocused !== look.join() &&
            ((s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) ||
              s.boxShadow !== 'none' ||
              !el.dataset.unfocused.includes(s.borderColor)),
        };
      }),
    );
  }
  return stops;
}

/**
 * Reading order: each stop lies on the row of the one before and to its right, or below it —
 * or, starting the next column of side-by-side cards (the two fittings of a hose), above it
 * and at least a column to the right.
 */
function outOfOrder(stops: Stop[]): string[] {
  const wrong: string[] = [];
  for (let i = 1; i < stops.length; i++) {
    const [a, b] = [stops[i - 1]!, stops[i]!];
    const sameRow = Math.abs(b.top - a.top) < 8;
    const nextColumn = b.left > a.left + 200;
    if (sameRow ? b.left <= a.left : b.top < a.top && !nextColumn) {
      wrong.push(`${a.name} → ${b.name}`);
    }
  }
  return wrong;
}

test('Tab goes through the hose form and the DGUV hose check in visual order, focus visible', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'techniker', 'Tom Techniker');
  const hose = new HoseFormPage(page);
  await page.goto(`/customer/${DEMO_CUSTOMER}/machine/${DEMO_MACHINE}/parts/pipes/${DEMO_PIPE}`);
  await expect(hose.code()).toBeVisible({ timeout: 30_000 });
  const form = await tabFrom(page, hose.code(), 12);
  expect(form.filter((s) => !s.shown).map((s) => s.name)).toEqual([]);
  expect(outOfOrder(form)).toEqual([]);
  expect(form.map((s) => s.name).join()).toMatch(/Nennweite.*Betriebsdruck.*Länge/);

  const { machineId } = await seedMachineWithHoses(page, 1, []);
  const dguv = new DguvPages(page);
  await startAudit(page, machineId);
  const first = dguv.criterion('In Ordnung');
  await expect(first).toBeVisible();
  // The started audit synced first: the "not safely stored" warning above the form goes with
  // it, and the form would move up between two stops.
  await expect.poll(() => pendingCount(page), { timeout: 60_000 }).toBe(0);
  const check = await tabFrom(page, first, 12);
  expect(check.filter((s) => !s.shown).map((s) => s.name)).toEqual([]);
  expect(outOfOrder(check)).toEqual([]);
  await discardAudit(page);
});

test('a DGUV audit is signed and finished with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'techniker', 'Tom Techniker');
  const { machineId } = await seedMachineWithHoses(page, 1, []);
  const dguv = new DguvPages(page);
  await startAudit(page, machineId);
  await dguv.criterion('In Ordnung').check();
  await dguv.answerYesNo('Schutz empfohlen', false);
  await dguv.answerYesNo('Schlauchleitung austauschen', false);
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(dguv.progress()).toHaveText('1 von 1 Schlauchleitung geprüft');
  await page.getByRole('link', { name: 'Prüfung beenden' }).click();
  await expect(page.getByTestId('finish-summary')).toContainText('1 von 1');

  // From the inspector's name, Tab reaches the pad: named, with its instructions.
  const pad = page.getByRole('img', { name: 'Unterschrift' });
  await page.getByRole('textbox', { name: /befähigten Person/ }).focus();
  for (let i = 0; i < 6; i++) {
    if (await pad.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(pad).toBeFocused();
  await expect(pad).toHaveAccessibleDescription(/Namen eintippen.*Eingabetaste/);
  // Enter there: the name is typed and written into the pad as the signature.
  await page.keyboard.press('Enter');
  const typed = page.getByRole('textbox', { name: 'Name als Unterschrift' });
  await expect(typed).toBeFocused();
  await page.keyboard.type('Tom Techniker');
  await expect(page.getByText('Unterschrieben', { exact: true })).toBeVisible();
  const inked = await pad.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 128) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(200);

  // Clear and "Namen eintippen" are buttons on the way; Tab on to "finish" and press Enter.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Unterschrift löschen' })).toBeFocused();
  const finish = page.getByRole('button', { name: 'Prüfung abschließen' });
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    if (await finish.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(finish).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dguv\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Freigabe ausstehend').first()).toBeVisible();
});

/**
 * The file chooser `key` opens on the focused `button`. Playwright intercepts choosers only once
 * a listener asks for them, and on a loaded machine a key pressed right after asking has met a
 * chooser not yet intercepted (the test waited out its two minutes with the button focused):
 * the key is pressed again, up to three times, each time after 15 s without a chooser.
 */
async function chooserByKey(page: Page, button: Locator, key: 'Enter' | 'Space') {
  for (let attempt = 1; ; attempt++) {
    await button.focus();
    const chooser = page.waitForEvent('filechooser', { timeout: 15_000 });
    await page.keyboard.press(key);
    try {
      return await chooser;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

test('the photo pickers open with Enter and Space', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'techniker', 'Tom Techniker');
  const { machineId } = await seedMachineWithHoses(page, 1, []);
  const png = await photoPng(page, 200);

  // No picture is asked of the server before the server can give it (a 404 there would leave
  // "image could not be loaded" on screen).
  const missing: string[] = [];
  page.on('response', (res) => {
    if (/\/file\?/.test(res.url()) && res.status() === 404) missing.push(res.url());
  });

  // The machine's photo: the button has the focus, Enter opens the chooser.
  await page.goto(`/customer/${DEMO_CUSTOMER}/machine/${machineId}`);
  const upload = page.getByTestId('image-field').getByRole('button', { name: 'Bild hochladen' });
  await expect(upload).toBeVisible({ timeout: 60_000 });
  const chooser = await chooserByKey(page, upload, 'Enter');
  await chooser.setFiles({ name: 'maschine.png', mimeType: 'image/png', buffer: png });
  const picture = page.getByTestId('image-field').getByRole('img');
  await expect(picture).toBeVisible({ timeout: 30_000 });
  // Shown from the device first, from the server once it has the machine naming the photo.
  await expect(picture).toHaveAttribute('src', /^\/api\/cms\/machine\/.+\/file\?/, {
    timeout: 30_000,
  });
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(missing).toEqual([]);

  // The hose check's photos (the camera on a phone): Space opens the chooser.
  await startAudit(page, machineId);
  const add = page.getByRole('button', { name: 'Foto aufnehmen' });
  const camera = await chooserByKey(page, add, 'Space');
  expect(camera.isMultiple()).toBe(true);
  await camera.setFiles({ name: 'befund.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Foto 1 der Prüfung' })).toBeVisible();
  await discardAudit(page);
});
