import { test } from './fixtures';
import { customerWalk, PHONE, technicianWalk } from './pages/phone-walk';

/** The customer and the technician on a 390 px phone in 'de' (what they meet: pages/phone-walk.ts). */
test.use({ viewport: PHONE });

test('390 px phone walk as customer and technician (de)', async ({ browser, baseURL }) => {
  test.setTimeout(420_000);
  await customerWalk(browser, baseURL ?? '', 'de');
  await technicianWalk(browser, baseURL ?? '', 'de');
});
