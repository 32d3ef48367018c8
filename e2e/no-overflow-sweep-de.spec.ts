import { expect, test } from './fixtures';
import { PHONE } from './pages/overflow';
import { sweepScreensAndDialogs } from './pages/overflow-screens';

/**
 * No screen or admin dialog overflows a 360 px phone in German (the sweep of
 * e2e/no-overflow.spec.ts, one file per language so that the CI lanes share the three).
 */
// The sweep scans each screen itself (`measure`), faster than a page settles.
test.use({ viewport: PHONE, a11yAuto: false });

test('no screen or admin dialog overflows a 360 px phone in German', async ({ page }) => {
  // Every screen and dialog with the accessibility scan in German: four to five minutes beside
  // the other lane on two cores.
  test.setTimeout(420_000);
  expect(await sweepScreensAndDialogs(page, 'de')).toEqual([]);
});
