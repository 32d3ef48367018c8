import { expect, test, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { SHOTS, TAKE_SHOTS } from './pages/screenshots';

/**
 * On a 390 px phone: the server stops answering mid-session while the
 * phone still has a network — the header says "server unreachable" (not "online" with a
 * spinner that never stops, not "offline"), and says "online" again once the server answers.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The technician signed in, the header saying online; returns the header's status badge. */
async function signedInOnline(page: Page) {
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  const indicator = page.getByTestId('online-indicator');
  await expect(indicator).toHaveAttribute('data-state', 'online', { timeout: 30_000 });
  return indicator;
}

test('the header tells an unreachable server from an offline phone and recovers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const indicator = await signedInOnline(page);

  // The server goes away: every sync call is refused; the phone itself stays online.
  await page.route('**/api/sync/**', (route) => route.abort('connectionrefused'));
  const nudge = () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(async () => {
    await nudge();
    await expect(indicator).toHaveAttribute('data-state', 'unreachable', { timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  // A phone's header shows the short word; the badge's name is the whole phrase.
  await expect(indicator).toHaveText('Kein Server');
  await expect(indicator).toHaveAttribute('aria-label', 'Server nicht erreichbar');
  if (TAKE_SHOTS) await page.screenshot({ path: `${SHOTS}/header-unreachable-de-390.png` });
  await expect(page.getByTestId('sync-spinner')).toHaveCount(0, { timeout: 35_000 });

  // Back: the next sync reaches it.
  await page.unroute('**/api/sync/**');
  await expect(async () => {
    await nudge();
    await expect(indicator).toHaveAttribute('data-state', 'online', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
});

test('a server that hangs is "unreachable" within seconds, without an endless spinner', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const indicator = await signedInOnline(page);

  // The server takes the calls and never answers (a proxy whose backend froze).
  await page.route('**/api/sync/**', () => new Promise<void>(() => undefined));
  const started = Date.now();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(indicator).toHaveAttribute('data-state', 'unreachable', { timeout: 20_000 });
  // The status time-out is 8 s; the fetch's own (30 s) has not run out yet.
  expect(Date.now() - started).toBeLessThan(20_000);
  await expect(page.getByTestId('sync-spinner')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
