import { expect, test, type Browser, type Page } from '@playwright/test';
import { AppShell } from './app-shell';
import { DguvPages } from './dguv-pages';
import { LoginPage } from './login-page';
import { DEMO_CUSTOMER } from './machine-pages';
import { accessToken, serverRows } from './server-api';

/**
 * The hose's life and the technician's day (docs/hose-lifecycle.md), German UI: a person in a
 * browser context of their own (phone or desk), a fresh location of the demo customer for a
 * machine (so a day plan for it proposes that machine alone), a DGUV audit through the screens,
 * and the office's day plan screen.
 */
export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1280, height: 900 };
export const DEMO_CUSTOMER_NAME = 'Muster Hydraulik Kunde GmbH';

/** A calendar day (YYYY-MM-DD) as the German screens show it: 28.11.2026. */
export function shownDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/** The device's local day (the browser's clock and zone), as the app reads "today". */
export async function deviceDay(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
}

/** `user` signed in, in a context of its own with `viewport`, after the first sync. */
export async function signedIn(
  browser: Browser,
  user: string,
  fullName: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  const page = await context.newPage();
  await page.goto('/');
  // The first visit of a fresh server loads the service worker and bundles.
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn(user);
  // The first start pulls the device's data: a busy machine needs more than the default.
  await expect(new AppShell(page).userName()).toHaveText(fullName, { timeout: 60_000 });
  return page;
}

/** A new location of the demo customer (its street names it); returns its id and label. */
export async function newLocation(page: Page, street: string) {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const res = await page.request.post('/api/cms/company/location/create', {
    maxRetries: 1,
    headers,
    data: {
      data: {
        companyId: DEMO_CUSTOMER,
        street,
        houseNumber: '7',
        zip: '12345',
        city: 'Prüfstadt',
        type: 'DELIVERY',
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { id?: string; data?: { id: string } };
  return { id: body.id ?? body.data?.id ?? '', label: `${street} 7 Prüfstadt` };
}

/**
 * Asks the device's sync for a run (a visibility change) until `check` passes: rows written
 * elsewhere reach an open screen without a reload.
 */
export async function untilSynced(page: Page, check: () => Promise<void>, timeout = 60_000) {
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await check();
  }).toPass({ timeout });
}

/** The server's answers (hose checks) of `pipeId`, oldest first. */
export async function serverChecks(page: Page, pipeId: string) {
  const rows = await serverRows(page, 'audit/dguvhosepipeanswer', [
    { key: 'pipeId', param: 'eq', value: pipeId },
  ]);
  return rows
    .filter((r) => !r.deletedAt)
    .sort((a, b) => String(a.performedAt).localeCompare(String(b.performedAt)));
}

/** One Yes/No answer of the hose check, clicked until it shows as chosen. */
export function answer(page: Page, group: string, yes: boolean) {
  return new DguvPages(page).answerYesNo(group, yes);
}

/** Finishes the running audit with a signature; resolves with the audit's id. */
export async function finishAudit(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Prüfung beenden' }).click();
  await new DguvPages(page).sign();
  await page.getByRole('button', { name: 'Prüfung abschließen' }).click();
  await expect(page).toHaveURL(/\/dguv\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return page.url().split('/').pop() ?? '';
}

/** The office's day plan screen (`/day-plan`). */
export class DayPlanPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/day-plan');
    await expect(this.page.getByTestId('day-plan-screen')).toBeVisible({ timeout: 30_000 });
  }

  private async pick(label: RegExp, option: string) {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  async customer(name = DEMO_CUSTOMER_NAME) {
    await this.pick(/^Kunde/, name);
  }

  async location(label: string) {
    await this.pick(/^Standorte/, label);
    // The option list stays open for more: close it.
    await this.page.keyboard.press('Escape');
  }

  async technician(name = 'Tom Techniker') {
    await this.pick(/^Techniker/, name);
  }

  /** "Add a machine": another machine of the chosen locations, one with nothing due too. */
  async addMachine(name: string) {
    await this.pick(/^Maschine hinzufügen/, name);
  }

  machines() {
    return this.page.getByTestId('plan-machine');
  }

  /** The screen's own notice after saving (the app shell has a status of its own: sync). */
  notice() {
    return this.page.getByTestId('day-plan-screen').getByRole('status');
  }

  async save() {
    await this.page.getByRole('button', { name: 'Plan speichern' }).click();
  }
}
