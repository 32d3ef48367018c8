import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkA11y } from './a11y';
import { expect, test, type Page } from './fixtures';
import { LoginPage } from './pages/login-page';
import { text } from './pages/locale-text';
import { waitForServiceWorker } from './pages/offline';
import { freePort } from '@tests/fixtures/free-port';

/**
 * A new version of the app (docs/sync.md "A new version"): the device shows the prompt instead of
 * reloading, and "Jetzt aktualisieren" lets the waiting service worker take over and loads the
 * new version. It runs its own server on a copy of the build, so the new version it publishes
 * (a changed sw.js) reaches no other test.
 */

test('a new version waits for the user, then takes over on "update now"', async ({ page }) => {
  test.setTimeout(240_000);
  const work = mkdtempSync(path.join(tmpdir(), 'sm-pwa-update-'));
  const dist = path.join(work, 'dist');
  cpSync(process.env.E2E_DIST_DIR ?? 'dist', dist, { recursive: true });
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(work, 'data'),
      DIST_DIR: dist,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 120_000 },
      )
      .toBe(true);
    await page.goto(`${base}/`);
    await new LoginPage(page).signIn('kunde');
    await waitForServiceWorker(page);
    await expect(page.getByTestId('pwa-update')).toBeHidden();

    // Twice: on the page that made the very first install (workbox-window does not reload
    // that one by itself), then on a page the service worker controlled from its start.
    for (const version of ['2', '3']) {
      await publishAndUpdate(page, dist, `// version ${version}`);
    }
    await expect(page.getByTestId('area-machines')).toBeVisible({ timeout: 30_000 });
  } finally {
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
});

/** Publishes a new service worker in `dist`, lets the page find it and takes it on the prompt. */
async function publishAndUpdate(page: Page, dist: string, marker: string): Promise<void> {
  appendFileSync(path.join(dist, 'sw.js'), `\n${marker}\n`);
  // The server prefers the compressed copies: they go with the old script.
  rmSync(path.join(dist, 'sw.js.br'), { force: true });
  rmSync(path.join(dist, 'sw.js.gz'), { force: true });
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  const workers = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting?.state ?? null, active: registration?.active?.state };
    });

  // It waits: the page is not reloaded under the user, the prompt asks.
  const prompt = page.getByTestId('pwa-update');
  await expect(prompt).toBeVisible({ timeout: 60_000 });
  await expect(prompt).toContainText(text('de', 'shell', 'pwa.updateTitle'));
  expect((await workers()).waiting).toBe('installed');
  // It came without a navigation, so the automatic scan would not see it.
  await checkA11y(page, 'update prompt');
  // Every control of the prompt is a 44 px target for a finger.
  for (const control of await prompt.getByRole('button').all()) {
    const box = await control.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
  }

  await Promise.all([
    page.waitForEvent('load', { timeout: 60_000 }),
    prompt.getByRole('button', { name: text('de', 'shell', 'pwa.updateNow') }).click(),
  ]);
  // The new version controls the reloaded page; nothing waits, nothing asks.
  await waitForServiceWorker(page);
  expect(await workers()).toEqual({ waiting: null, active: 'activated' });
  const script = await page.evaluate(async () => {
    const url = navigator.serviceWorker.controller?.scriptURL;
    return url ? (await fetch(url, { cache: 'no-store' })).text() : '';
  });
  expect(script).toContain(marker);
  await expect(prompt).toBeHidden();
}
