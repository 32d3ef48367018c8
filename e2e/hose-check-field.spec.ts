import { expect, test, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { cancelRunningAudits, DguvPages, photoPng, seedMachineWithHoses } from './pages/dguv-pages';
import { LoginPage } from './pages/login-page';
import { shoot } from './pages/screenshots';

/**
 * On a 390×844 phone: after "save and next" the next hose opens at the top
 * with its code in view (and the code stays in view while answering); "OK" on a hose past its
 * service life asks first; every touch target of the check screen is at least 44 px, also
 * while unsent work puts its count and notice in the header.
 */
test.use({ viewport: { width: 390, height: 844 } });

const WARNING = /Lagerzeiten und Verwendungsdauer überschritten/;

/** Elements a finger must hit on the check screen, smaller than 44 × 44 px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], [role=checkbox], [role=radio], input:not([type=hidden]), textarea, select';
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A native input inside a card is not the target: the card is.
      if (el.closest('[role=checkbox], [role=radio]') && el.matches('input')) continue;
      if (el.matches('input[type=file]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // The closed menu waits beside the screen (its entries are checked where it is open).
      if (box.right <= 0 || box.left >= window.innerWidth) continue;
      // The element's own size, not its box on screen: a message behind a newer one is drawn
      // scaled down a little (Mantine's notification stack, 0.97), as the older cards of a
      // pile; its target is the same.
      if (el.offsetWidth < 44 || el.offsetHeight < 44) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        small.push(`${el.tagName.toLowerCase()} "${name}" ${el.offsetWidth}×${el.offsetHeight}`);
      }
    }
    return small;
  });
}

test('the hose check on a phone: top after save-and-next, service-life question, 44 px targets', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dguv = new DguvPages(page);
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await cancelRunningAudits(page);
  const { machineId, codes } = await seedMachineWithHoses(page, 3, [2]);
  await page.goto(`/dguv?machine=${machineId}`);
  await expect(page.getByText('3 (davon 0 kritisch)')).toBeVisible({ timeout: 30_000 });
  await dguv.startButton().click();
  await page.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();
  await dguv.expectHose(codes[0]!);

  expect(await smallTargets(page)).toEqual([]);

  // Photos are compressed in our own worker: no content-security-policy refusal, no CDN.
  const workers: string[] = [];
  const errors: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await dguv.addPhotos([await photoPng(page, 40)]);

  // Hose 1, answered from the bottom of the page; its code stays in view while answering.
  await dguv.criterion('In Ordnung').check();
  await dguv.answerYesNo('Schutz empfohlen', false);
  await dguv.answerYesNo('Schlauchleitung austauschen', false);
  const saveNext = page.getByRole('button', { name: 'Speichern und weiter' });
  await saveNext.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(page.getByTestId('check-current-hose')).toBeInViewport();
  // Its push does not get through: the saved check stays unsent, so the header shows the
  // unsent count and the "not safely stored" notice, which take room from the other targets.
  await page.route('**/api/sync/push', (route) => route.abort('internetdisconnected'));
  await saveNext.click();

  // Hose 2 opens at the top, its code, position and marking in view. The save compresses the
  // new photo in the worker first: on a loaded two-core CI machine that has taken over 10 s.
  await expect(page.getByText(`Schlauchleitung ${codes[1]!}`, { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  expect(workers.filter((url) => url.includes('compress'))).toHaveLength(1);
  expect(errors.filter((e) => /security policy|worker|jsdelivr/i.test(e))).toEqual([]);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const bar = page.getByTestId('check-current-hose');
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('Position 2');
  await expect(bar).toContainText('DN 12 · 250 bar · 820 mm');
  await expect(page.getByTestId('storage-risk-notice')).toBeVisible({ timeout: 30_000 });
  expect(await smallTargets(page)).toEqual([]);
  await page.unroute('**/api/sync/push');

  // Past its service life: finding 9 is preselected, and "OK" asks first.
  await expect(dguv.criterion(WARNING)).toBeChecked();
  await dguv.criterion('In Ordnung').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Verwendungsdauer überschritten');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dguv.criterion(WARNING)).toBeChecked();
  await expect(dguv.criterion('In Ordnung')).not.toBeChecked();
  await dguv.criterion('In Ordnung').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Trotzdem in Ordnung' }).click();
  await expect(dguv.criterion('In Ordnung')).toBeChecked();
  await expect(dguv.criterion(WARNING)).not.toBeChecked();

  const url = new URL(page.url());
  await shoot(
    page,
    `${url.pathname}${url.search}`,
    'hose-check',
    '[data-testid=check-current-hose]',
  );
});
