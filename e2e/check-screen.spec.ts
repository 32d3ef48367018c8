import { expect, test, type BrowserContext, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { cancelRunningAudits, DguvPages, photoPng, seedMachineWithHoses } from './pages/dguv-pages';
import { LoginPage } from './pages/login-page';
import { goOffline, outboxSize } from './pages/offline';
import { serverRows } from './pages/server-api';

/**
 * The hose check on a 390 px phone, where nothing recorded may vanish: a photo saved with
 * "Speichern" (save and stay) survives a second save; save messages never sit on the action
 * bar; the cheat sheet is one tap away; and an audit with six photos recorded offline is on
 * the server within 5 s of the network coming back.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function startAudit(page: Page, hoses: number) {
  const dguv = new DguvPages(page);
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await cancelRunningAudits(page);
  const seeded = await seedMachineWithHoses(page, hoses, []);
  await page.goto(`/dguv?machine=${seeded.machineId}`);
  await expect(page.getByText(`${hoses} (davon 0 kritisch)`)).toBeVisible({ timeout: 30_000 });
  await dguv.startButton().click();
  await page.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();
  await dguv.expectHose(seeded.codes[0]!);
  return { dguv, ...seeded };
}

async function answerOk(dguv: DguvPages) {
  await dguv.criterion('In Ordnung').check();
  await dguv.answerYesNo('Schutz empfohlen', false);
  await dguv.answerYesNo('Schlauchleitung austauschen', false);
}

/** Stored photos of the form (each has its remove button). */
const photos = (page: Page) => page.getByRole('button', { name: /^Foto entfernen/ });

/** Files the device still has to upload. */
function pendingBlobs(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('schlauchmanager');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('blobs', 'readonly').objectStore('blobs');
          const count = store.index('uploadState').count('pending');
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

test('a photo added to a saved check survives "Speichern" and a second save', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { dguv } = await startAudit(page, 2);
  // Offline, the saved check keeps its version: the form is not re-made from the server's row.
  await goOffline(page, context);
  await answerOk(dguv);
  const save = page.getByRole('button', { name: 'Speichern', exact: true });
  await save.click();
  await expect(page.getByTestId('snack').filter({ hasText: 'Prüfung gespeichert' })).toBeVisible();

  await dguv.addPhotos([await photoPng(page, 60)]);
  await save.click();
  await expect(
    page.getByTestId('snack').filter({ hasText: 'Korrektur gespeichert' }),
  ).toBeVisible();
  await expect(photos(page)).toHaveCount(1);

  await page.getByRole('textbox', { name: 'Bemerkung' }).fill('Leicht verschmutzt');
  await save.click();
  await expect(photos(page)).toHaveCount(1);

  await context.setOffline(false);
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  await expect.poll(() => pendingBlobs(page), { timeout: 60_000 }).toBe(0);
  const answers = await serverRows(page, 'audit/dguvhosepipeanswer', [
    { key: 'comment', param: 'eq', value: 'Leicht verschmutzt' },
  ]);
  expect(answers.map((a) => (a.photoIds as string[]).length)).toEqual([1]);
});

test('three quick saves: no message covers the action bar', async ({ page }) => {
  test.setTimeout(180_000);
  const { dguv } = await startAudit(page, 2);
  await answerOk(dguv);
  const save = page.getByRole('button', { name: 'Speichern', exact: true });
  for (let i = 0; i < 3; i++) {
    // The form is made anew when the saved row arrives: click finds the button again.
    await save.click();
    await expect(save).toBeEnabled();
  }
  await expect(page.getByTestId('snack').first()).toBeVisible();
  const bar = [
    save,
    page.getByRole('button', { name: 'Speichern und weiter' }),
    page.getByRole('link', { name: /Vorherige/ }),
    page.getByRole('link', { name: /Nächste/ }),
  ];
  const boxes = await Promise.all(bar.map((b) => b.boundingBox()));
  // Read every message's box at once: one may be leaving while the test looks. On a loaded
  // machine the earlier ones' exits overlap for a moment; messages that piled up instead
  // (each save its own) would stay for seconds.
  const readSnacks = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid=snack]')).map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
  await expect
    .poll(async () => (await readSnacks()).length, { timeout: 2_000 })
    .toBeLessThanOrEqual(2);
  const snacks = await readSnacks();
  expect(snacks.length).toBeGreaterThan(0);
  for (const s of snacks) {
    for (const b of boxes) {
      if (!b) continue;
      const overlaps =
        s.x < b.x + b.width && b.x < s.x + s.width && s.y < b.y + b.height && b.y < s.y + s.height;
      expect(overlaps, `a message over a button at y=${Math.round(b.y)}`).toBe(false);
    }
  }
});

test('the cheat sheet is one tap from the check screen, two through the menu', async ({ page }) => {
  test.setTimeout(180_000);
  await startAudit(page, 1);
  const checkUrl = page.url();
  await page.getByTestId('cheatsheet-link').click();
  await expect(page.getByTestId('cheatsheet')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(checkUrl);
  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  await page.getByTestId('nav-cheatsheet').click();
  await expect(page.getByTestId('cheatsheet')).toBeVisible();
});

async function goOnlineAt(context: BrowserContext): Promise<number> {
  await context.setOffline(false);
  return Date.now();
}

test('an audit with six photos recorded offline is on the server within 5 s of going online', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const { dguv, codes } = await startAudit(page, 6);
  await expect.poll(() => outboxSize(page), { timeout: 30_000 }).toBe(0);
  await goOffline(page, context);
  for (const [i, code] of codes.entries()) {
    await dguv.expectHose(code);
    await dguv.addPhotos([await photoPng(page, 20 + i * 50)]);
    await answerOk(dguv);
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  }
  // Long enough offline for the uploads' back-off to grow past the 5 s.
  await page.waitForTimeout(20_000);
  expect(await pendingBlobs(page)).toBe(6);

  const online = await goOnlineAt(context);
  await expect
    .poll(async () => (await outboxSize(page)) + (await pendingBlobs(page)), {
      timeout: 5_000,
      intervals: [100],
    })
    .toBe(0);
  expect(Date.now() - online).toBeLessThan(5_000);
  const [machineCode] = codes;
  const [pipe] = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'code', param: 'eq', value: machineCode },
  ]);
  const answers = await serverRows(page, 'audit/dguvhosepipeanswer', [
    { key: 'pipeId', param: 'eq', value: pipe?.id },
  ]);
  expect(answers[0]?.photoIds).toHaveLength(1);
});
