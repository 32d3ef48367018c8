import { test } from './fixtures';
import { customerWalk, PHONE, technicianWalk } from './pages/phone-walk';

/** The customer and the technician on a 390 px phone in 'fr' (what they meet: pages/phone-walk.ts). */
test.use({ viewport: PHONE });

test('390 px phone walk as customer and technician (fr)', async ({ browser, baseURL }) => {
  test.setTimeout(420_000);
  await customerWalk(browser, baseURL ?? '', 'fr');
  await technicianWalk(browser, baseURL ?? '', 'fr');
});
