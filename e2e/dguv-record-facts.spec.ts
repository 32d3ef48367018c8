import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { cancelRunningAudits, DguvPages, seedMachineWithHoses } from './pages/dguv-pages';
import { LoginPage, signInFresh } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { goOffline, goOnlineAndSync } from './pages/offline';
import { accessToken, serverRows } from './pages/server-api';
import { pdfText } from '../tests/helpers/pdf';

/**
 * End to end (docs/dguv-record.md): the administrator keeps the technician's qualification;
 * the technician records a DGUV audit offline "after repair or replacement" — one hose OK past
 * its service life with the documented extension, one hose whose defect is kept with a reason —
 * and signs as the competent person; the office approves; the PDF states the occasion, the
 * criteria as the locale words them, both reasons, the production dates, the next due dates,
 * the interval decision and the qualification — and so does the French PDF of the same record
 * made in French.
 */
const QUALIFICATION = 'Industriemeister Hydraulik (Prüfung e2e)';
const TRAINING = 'Lehrgang Hydraulik 2022';
const EXTENSION = 'Gefährdungsbeurteilung GB-17 vom 02.02.2026: Einsatz drucklos, Prüfwerte i. O.';
const KEEP = 'Ersatzschlauch bestellt, Leitung bis Lieferung stillgelegt und gesichert';
const DECIDED_BY = 'Erika Betreiber';
const EXTENSION_FR = 'Évaluation des risques ER-17 : utilisation sans pression, valeurs conformes';
const KEEP_FR = 'Flexible de rechange commandé, conduite consignée jusqu’à la livraison';
const frenchDay = (iso: string) => iso.split('-').reverse().join('/');
/**
 * A reason field shows as soon as the answers ask for it: a wait of seconds, so that a field
 * that never comes fails the step instead of the whole test's 8 minutes.
 */
const REASON_FIELD = 15_000;

/** A text of the locale files, by its key path: what the PDF prints in that language. */
function localeText(lang: string, ns: string, key: string): string {
  let node: unknown = JSON.parse(readFileSync(path.join('locales', lang, `${ns}.json`), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}/${ns}:${key}`);
  return node;
}
const flat = (text: string) => text.replace(/\s+/g, ' ');
const germanDay = (iso: string) => iso.split('-').reverse().join('.');

test('a DGUV record with occasion, reasons, dates, interval decision and the competent person', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(480_000);

  // The administrator keeps the technician's competent-person profile.
  const admin = await signInFresh(browser, 'admin', '/');
  await new AppShell(admin).expectSignedInAs('Anna Admin');
  const adminHeaders = { authorization: `Bearer ${await accessToken(admin)}` };
  const list = await admin.request.get('/api/cms/profile?search=techniker&limit=-1', {
    maxRetries: 1,
    headers: adminHeaders,
  });
  expect(list.ok(), await list.text()).toBe(true);
  const tech = ((await list.json()) as { data: { id: string; username: string }[] }).data.find(
    (u) => u.username === 'techniker',
  );
  const lastRefresher = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
  const put = await admin.request.put('/api/cms/profile', {
    maxRetries: 1,
    headers: adminHeaders,
    data: { id: tech?.id, qualification: QUALIFICATION, training: TRAINING, lastRefresher },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await admin.context().close();

  // The technician signs in (the session brings the profile) and the machine reaches the device.
  const dguv = new DguvPages(page);
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await cancelRunningAudits(page);
  const { machineId, codes } = await seedMachineWithHoses(page, 2, [1], {
    intervalDecidedBy: DECIDED_BY,
    intervalBasis: 'RISK_ASSESSMENT',
    intervalDecidedAt: '2026-02-03',
  });
  const machineUrl = `/customer/${DEMO_CUSTOMER}/machine/${machineId}`;
  await page.goto(machineUrl);
  await expect(page.getByText(/Prüfstand/).first()).toBeVisible({ timeout: 60_000 });

  // Offline from the start to the signature.
  await goOffline(page, context);
  await page.goto(`/dguv?machine=${machineId}`);
  await expect(page.getByText('2 (davon 0 kritisch)')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: 'Prüfung nach Instandsetzung oder Austausch' }).check();
  await dguv.startButton().click();
  await expect(dguv.progress()).toHaveText('0 von 2 Schlauchleitungen geprüft');
  await page.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();

  // Hose 1 is past its service life: "OK" only with the documented extension.
  await dguv.expectHose(codes[0]!);
  // "OK" clears finding 9 only after a confirmation.
  await dguv.criterion('In Ordnung').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Trotzdem in Ordnung' }).click();
  await expect(dguv.criterion('In Ordnung')).toBeChecked();
  await dguv.answerYesNo('Schutz empfohlen', false);
  await dguv.answerYesNo('Schlauchleitung austauschen', false);
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(page.getByText(/schriftlicher Begründung/).first()).toBeVisible();
  await page
    .getByLabel(/Begründung der Weiterverwendung/)
    .fill(EXTENSION, { timeout: REASON_FIELD });
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();

  // Hose 2 has a defect; "replace" is preset to yes; keeping it needs a reason.
  await dguv.expectHose(codes[1]!);
  await dguv.criterion(/Korrosion der Armatur/).check();
  await expect(
    page
      .getByRole('radiogroup', { name: 'Schlauchleitung austauschen' })
      .getByRole('radio', { name: 'Ja' }),
  ).toBeChecked();
  await dguv.answerYesNo('Schutz empfohlen', false);
  await dguv.answerYesNo('Schlauchleitung austauschen', false);
  await page.getByLabel(/warum nicht austauschen/).fill(KEEP, { timeout: REASON_FIELD });
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(dguv.progress()).toHaveText('2 von 2 Schlauchleitungen geprüft');

  // The finish screen names the signed-in competent person and the qualification, offline.
  await page.getByRole('link', { name: 'Prüfung beenden' }).click();
  await expect(page.getByLabel(/Name der befähigten Person/)).toHaveValue('Tom Techniker');
  await expect(page.getByTestId('finish-competent-person')).toContainText(QUALIFICATION);
  await expect(page.getByTestId('finish-refresher-warning')).toHaveCount(0);
  await dguv.sign();
  await page.getByRole('button', { name: 'Prüfung abschließen' }).click();
  await expect(page).toHaveURL(new RegExp(`${machineUrl}/dguv/[0-9a-f-]{36}$`));
  const auditId = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('report-occasion')).toHaveText(
    'Prüfung nach Instandsetzung oder Austausch',
  );
  await expect(page.getByTestId('report-next-due')).toBeVisible();
  await goOnlineAndSync(page, context);

  // The office approves.
  const office = await signInFresh(browser, 'buero', `${machineUrl}/dguv/${auditId}`);
  await office.getByTestId('audit-approve').click({ timeout: 60_000 });
  await office.getByRole('dialog').getByRole('button', { name: 'Freigeben' }).click();
  await expect(office.getByText('Freigegeben').first()).toBeVisible();
  await expect
    .poll(
      async () =>
        (await serverRows(office, 'audit/dguv', [{ key: 'id', param: 'eq', value: auditId }]))[0]
          ?.state,
      { timeout: 60_000 },
    )
    .toBe('APPROVED');

  // The approved PDF, in the audit's language (German).
  const [audit] = await serverRows(office, 'audit/dguv', [
    { key: 'id', param: 'eq', value: auditId },
  ]);
  expect(audit).toMatchObject({ auditorUserId: tech?.id, occasion: 'AFTER_REPAIR' });
  const nextDue = (audit?.snapshot as { nextDue: { machine: string | null; hoses: object } })
    .nextDue;
  const res = await office.request.get(`/api/cms/audit/dguv/${auditId}`, {
    maxRetries: 1,
    headers: { authorization: `Bearer ${await accessToken(office)}` },
  });
  expect(res.status()).toBe(200);
  const text = flat(await pdfText(await res.body()));
  const de = (key: string) => localeText('de', 'reports', `dguv.${key}`);
  for (const expected of [
    localeText('de', 'enums', 'AUDIT_OCCASION.AFTER_REPAIR'),
    // The kept defect's criterion as the rule words it.
    localeText('de', 'dguv', 'criteria.f7'),
    EXTENSION,
    KEEP,
    germanDay('2016-03-01'),
    germanDay('2025-06-01'),
    DECIDED_BY,
    de('record.basis.RISK_ASSESSMENT'),
    germanDay('2026-02-03'),
    QUALIFICATION,
    TRAINING,
    'Tom Techniker',
  ])
    expect(text).toContain(flat(expected));
  for (const day of Object.values(nextDue.hoses as Record<string, string>))
    expect(text).toContain(germanDay(day));
  expect(nextDue.machine).not.toBeNull();
  expect(text).toContain(germanDay(nextDue.machine!));
  expect(text).toContain(de('record.datesTitle'));

  // The same record in French: the audit takes the technician's language, its PDF too.
  const frenchId = await recordInFrench(page, machineId, codes);
  // The device syncs the audit and then its finish: the record exists once the finish arrived.
  await expect
    .poll(
      async () =>
        (await serverRows(page, 'audit/dguv', [{ key: 'id', param: 'eq', value: frenchId }]))[0]
          ?.state,
      { timeout: 60_000 },
    )
    .toBe('COMPLETE');
  const frPdf = await page.request.get(`/api/cms/audit/dguv/${frenchId}`, {
    maxRetries: 1,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(frPdf.status()).toBe(200);
  const frText = flat(await pdfText(await frPdf.body()));
  const fr = (key: string) => localeText('fr', 'reports', `dguv.${key}`);
  for (const expected of [
    localeText('fr', 'enums', 'AUDIT_OCCASION.AFTER_REPAIR'),
    localeText('fr', 'dguv', 'criteria.f7'),
    fr('reasons.extension'),
    EXTENSION_FR,
    fr('reasons.keep'),
    KEEP_FR,
    frenchDay('2016-03-01'),
    frenchDay('2025-06-01'),
    DECIDED_BY,
    fr('record.basis.RISK_ASSESSMENT'),
    frenchDay('2026-02-03'),
    fr('record.qualification'),
    fr('record.datesTitle'),
    QUALIFICATION,
  ])
    expect(frText).toContain(flat(expected));
  const [frenchAudit] = await serverRows(page, 'audit/dguv', [
    { key: 'id', param: 'eq', value: frenchId },
  ]);
  expect(frenchAudit).toMatchObject({ locale: 'fr', occasion: 'AFTER_REPAIR' });
  const frenchDue = (frenchAudit?.snapshot as { nextDue: { hoses: Record<string, string> } })
    .nextDue;
  for (const day of Object.values(frenchDue.hoses)) expect(frText).toContain(frenchDay(day));
});

/**
 * The same record made by the technician in French: the audit takes the technician's language,
 * and its PDF is drawn in it (the report route takes no language parameter).
 */
async function recordInFrench(
  page: Page,
  machineId: string,
  codes: readonly string[],
): Promise<string> {
  const fr = (ns: string, key: string) => localeText('fr', ns, key);
  // "Save and next" moves on once the check is stored: answers given before the next hose shows
  // land on the hose just saved, and the next one stays unanswered (its keep reason never asked).
  const expectHose = (code: string) =>
    expect(
      page.getByText(fr('dguv', 'check.hose').replace('{{code}}', code), { exact: true }),
    ).toBeVisible();
  await new AppShell(page).switchLanguage('Français');
  await page.goto(`/dguv?machine=${machineId}`);
  await page.getByRole('radio', { name: fr('enums', 'AUDIT_OCCASION.AFTER_REPAIR') }).check();
  await page.getByRole('button', { name: fr('dguv', 'start.start') }).click();
  await page.getByRole('link', { name: fr('dguv', 'audit.checkHoses') }).click();
  const yesNo = async (group: 'protectionRecommended' | 'replaceHose', yes: boolean) => {
    const radio = page
      .getByRole('radiogroup', { name: fr('dguv', `check.${group}`) })
      .getByRole('radio', { name: fr('dguv', yes ? 'check.yes' : 'check.no') });
    await expect(async () => {
      await radio.click();
      await expect(radio).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  };
  await expectHose(codes[0]!);
  const ok = page.getByRole('checkbox', { name: fr('dguv', 'answers.ok'), exact: true });
  await ok.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fr('dguv', 'check.overrideServiceLife.confirm') })
    .click();
  await expect(ok).toBeChecked();
  await page
    .getByLabel(fr('dguv', 'reasons.extension'))
    .fill(EXTENSION_FR, { timeout: REASON_FIELD });
  await yesNo('protectionRecommended', false);
  await yesNo('replaceHose', false);
  await page.getByRole('button', { name: fr('dguv', 'check.saveNext') }).click();

  await expectHose(codes[1]!);
  await page.getByRole('checkbox', { name: fr('dguv', 'criteria.f7') }).check();
  await yesNo('protectionRecommended', false);
  await yesNo('replaceHose', false);
  await page.getByLabel(fr('dguv', 'reasons.keep')).fill(KEEP_FR, { timeout: REASON_FIELD });
  await page.getByRole('button', { name: fr('dguv', 'check.saveNext') }).click();

  await page.getByRole('link', { name: fr('dguv', 'audit.finish') }).click();
  await new DguvPages(page).sign(fr('dguv', 'finish.signature'), fr('forms', 'signature.signed'));
  await page.getByRole('button', { name: fr('dguv', 'finish.submit') }).click();
  await expect(page).toHaveURL(/\/dguv\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop() ?? '';
}
