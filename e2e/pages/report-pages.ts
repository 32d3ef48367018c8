import { expect, type Page } from '@playwright/test';
import { pdfText } from '@tests/helpers/pdf';
import { accessToken } from './server-api';

export type ReportKind = 'inspection' | 'maintenance';

/**
 * The machine inspection and maintenance report screens (German UI): the documents tab with
 * its report list, the checklist / work lines, the signing step and the report page; and the
 * report PDF as the server delivers it, as text (tests/helpers/pdf.ts).
 */
export class ReportPages {
  constructor(private readonly page: Page) {}

  async openDocuments(base: string, kind: ReportKind) {
    await this.page.goto(`${base}/documents/${kind}`);
    await expect(this.page.getByTestId(`${kind}-list`)).toBeVisible({ timeout: 30_000 });
  }

  /**
   * Opens the work step of a new report (or of the technician's open draft, named by `?id=`);
   * a new one is stored, and named in the URL, only with its first input.
   */
  async startNew(kind: ReportKind) {
    await this.page.getByTestId(`${kind}-new`).click();
    await expect(this.page).toHaveURL(new RegExp(`/${kind}/audit(\\?id=[0-9a-f-]{36})?$`));
    await expect(this.page.getByTestId('report-to-finish')).toBeVisible({ timeout: 30_000 });
  }

  /** The OK / defect / not checked choice of the first checklist line matching `name`. */
  result(name: RegExp) {
    return this.page.getByRole('radiogroup', { name }).first();
  }

  async markDefect(name: RegExp, note: string) {
    const group = this.result(name);
    const label = (await group.getAttribute('aria-label')) ?? '';
    await group.getByText('Mangel', { exact: true }).click();
    await this.page
      .getByRole('textbox', { name: label.replace('Ergebnis: ', 'Notiz: ') })
      .fill(note);
  }

  async addWorkLine(description: string, partsReplaced: string) {
    await this.page.getByTestId('work-add').click();
    const line = this.page.getByTestId('work-line').last();
    await line.getByRole('textbox', { name: /Beschreibung der Arbeit/ }).fill(description);
    await line.getByRole('textbox', { name: 'Ersetzte Teile' }).fill(partsReplaced);
  }

  /** Adds a photo (a PNG made from a screenshot of the page) through the file input. */
  async addPhoto() {
    const buffer = await this.page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
    await this.page.locator('input[type="file"]').setInputFiles({
      name: 'befund.png',
      mimeType: 'image/png',
      buffer,
    });
    await expect(this.page.getByTestId('report-photo')).toHaveCount(1, { timeout: 20_000 });
  }

  async continueToSignature() {
    await this.page.getByTestId('report-to-finish').click();
    await expect(this.page).toHaveURL(/step=finish/);
  }

  /** Draws a stroke over the signature pad with the mouse. */
  async sign() {
    const pad = this.page.getByRole('img', { name: 'Unterschrift des Technikers' });
    await expect(pad).toBeVisible();
    const box = await pad.boundingBox();
    if (!box) throw new Error('signature pad has no box');
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + 30, y);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i += 1) {
      await this.page.mouse.move(box.x + 30 + i * 20, y + (i % 2 ? -25 : 25), { steps: 3 });
    }
    await this.page.mouse.up();
    await expect(this.page.getByText('Unterschrieben', { exact: true })).toBeVisible();
  }

  /** Finishes; resolves with the report id once the report page shows it COMPLETE. */
  async finish(kind: ReportKind): Promise<string> {
    await this.page.getByTestId('report-finish').click();
    await expect(this.page).toHaveURL(new RegExp(`/${kind}/[0-9a-f-]{36}$`));
    await expect(this.page.getByTestId('report-state').first()).toHaveText('Abgeschlossen');
    return this.page.url().split('/').pop() ?? '';
  }

  /** The report's PDF from the server (with the page's token) as text. */
  async pdfText(kind: ReportKind, id: string): Promise<string> {
    const token = await accessToken(this.page);
    const res = await this.page.request.get(`/api/cms/${kind}/report/${id}`, {
      maxRetries: 1,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const body = await res.body();
    expect(body.subarray(0, 4).toString('latin1')).toBe('%PDF');
    return pdfText(body);
  }
}
