/**
 * The verification page (docs/dguv-record.md): whoever holds an approved report opens
 * /verify/{number} without an account, sees who approved it and when, and drops the PDF to
 * compare it byte for byte with the genuine one — in the browser, nothing uploaded.
 */
import { reportNumber } from '../src/domain/rules/report-number';
import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { accessToken, serverRows } from './pages/server-api';

test('an approved report is verified signed out: genuine, one byte changed, unknown', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await new LoginPage(page).signIn('buero');
  await new AppShell(page).expectSignedInAs('Bea Büro');
  const [audit] = await serverRows(page, 'audit/dguv', [
    { key: 'state', param: 'eq', value: 'APPROVED' },
  ]);
  expect(audit).toBeTruthy();
  const id = String(audit!.id);
  const number = reportNumber(String(audit!.startDate), id);
  const res = await page.request.get(`/api/cms/audit/dguv/${id}`, {
    maxRetries: 1,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(res.status()).toBe(200);
  const pdf = await res.body();

  // Someone without an account, on a phone.
  const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const v = await visitor.newPage();
  await v.goto(`/verify/${number}`);
  await expect(v.getByTestId('verify-found')).toBeVisible({ timeout: 30_000 });
  const facts = v.getByTestId('verify-facts');
  await expect(facts).toContainText(number);
  await expect(facts).toContainText(String(audit!.approvedBy));
  // Nothing about the customer or the hoses.
  await expect(v.locator('body')).not.toContainText('Müller');

  const drop = (buffer: Buffer) =>
    v.locator('input[type=file]').setInputFiles({
      name: 'dguv-report.pdf',
      mimeType: 'application/pdf',
      buffer,
    });
  await drop(pdf);
  await expect(v.getByTestId('verify-result')).toHaveAttribute('data-genuine', 'true');
  await expect(v.getByTestId('verify-result')).toContainText('Echt');

  const forged = Buffer.from(pdf);
  const at = Math.floor(forged.length / 2);
  forged.writeUInt8(forged.readUInt8(at) ^ 0x01, at);
  await drop(forged);
  await expect(v.getByTestId('verify-result')).toHaveAttribute('data-genuine', 'false');
  await expect(v.getByTestId('verify-result')).toContainText('Nicht echt');

  // A number no approved report has: said plainly, in the visitor's language.
  await visitor.addCookies([{ name: 'locale', value: 'en-gb', url: v.url() }]);
  await v.goto('/verify/20200101-ABCDEF');
  await expect(v.getByTestId('verify-unknown')).toContainText('no approved inspection record');
  await visitor.addCookies([{ name: 'locale', value: 'fr', url: v.url() }]);
  await v.reload();
  await expect(v.getByTestId('verify-unknown')).toContainText('Aucun procès-verbal validé');
  await visitor.close();
});
