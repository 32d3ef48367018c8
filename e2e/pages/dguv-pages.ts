import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_CUSTOMER } from './machine-pages';
import { accessToken, serverRows } from './server-api';

/**
 * The running DGUV audit (start, audit dashboard, hose check, finish) and a seeded machine
 * with its hoses, created through the docs/api.md calls as office data would be.
 */
export interface SeededMachine {
  machineId: string;
  codes: string[];
}

export async function seedMachineWithHoses(
  page: Page,
  count: number,
  pastServiceLife: readonly number[],
  /** Further machine fields (e.g. the interval decision). */
  machineFields: Record<string, unknown> = {},
  /** Further fields of every hose (e.g. fittings, so that it can be ordered). */
  hoseFields: Record<string, unknown> = {},
): Promise<SeededMachine> {
  const token = await accessToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const [manufacturer] = await serverRows(page, 'manufacturer');
  const stamp = String(Date.now()).slice(-7);
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await page.request.post(`/api/cms/${path}/create`, {
      maxRetries: 1,
      headers,
      data: { data },
    });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { id?: string; data?: { id: string } }).id ?? '';
  };
  const machineId = crypto.randomUUID();
  await post('machine', {
    id: machineId,
    companyId: DEMO_CUSTOMER,
    manufacturerId: manufacturer?.id,
    machineType: `Prüfstand ${stamp}`,
    internalId: `E2E-${stamp}`,
    ...machineFields,
  });
  const codes: string[] = [];
  for (let position = 1; position <= count; position++) {
    const code = `DG${stamp}-${String(position).padStart(2, '0')}`;
    codes.push(code);
    await post('machinepart/hosepipe', {
      companyId: DEMO_CUSTOMER,
      machineId,
      position,
      code,
      dn: 12,
      maxPn: 250,
      length: 800 + position * 10,
      productionDate: pastServiceLife.includes(position) ? '2016-03-01' : '2025-06-01',
      ...hoseFields,
    });
  }
  return { machineId, codes };
}

/**
 * One running audit per user: the technician's audit an earlier test (or a failed attempt of
 * this one) left open is deleted on the server first.
 */
export async function cancelRunningAudits(page: Page) {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const running = await serverRows(page, 'audit/dguv', [
    { key: 'state', param: 'eq', value: 'IN_PROGRESS' },
  ]);
  for (const audit of running.filter((a) => a.auditor === 'Tom Techniker')) {
    const res = await page.request.delete(`/api/cms/audit/dguv/delete/${String(audit.id)}`, {
      maxRetries: 1,
      headers,
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

export class DguvPages {
  constructor(private readonly page: Page) {}

  startButton() {
    return this.page.getByRole('button', { name: 'Prüfung starten' });
  }

  progress() {
    return this.page.getByTestId('audit-progress');
  }

  criterion(name: string | RegExp): Locator {
    return this.page.getByRole('checkbox', { name });
  }

  /** A Yes/No answer of the hose check (a recommendation or a first-use item). */
  async answerYesNo(group: string, yes: boolean) {
    const radio = this.page
      .getByRole('radiogroup', { name: group })
      .getByRole('radio', { name: yes ? 'Ja' : 'Nein' });
    // The last save's "saved" note may slide over the card as it is clicked (a CI run saw the
    // click land on it): like a person, click again until the answer shows as chosen.
    await expect(async () => {
      await radio.click();
      await expect(radio).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }

  async addPhotos(pngs: Buffer[]) {
    await this.page
      .locator('input[type=file]')
      .setInputFiles(
        pngs.map((buffer, i) => ({ name: `befund-${i + 1}.png`, mimeType: 'image/png', buffer })),
      );
  }

  async expectHose(code: string) {
    await expect(this.page.getByText(`Schlauchleitung ${code}`, { exact: true })).toBeVisible();
  }

  /** Draws a signature with the mouse across the pad (its label and "signed" note by language). */
  async sign(label = 'Unterschrift', signed = 'Unterschrieben') {
    const pad = this.page.getByRole('img', { name: label });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('signature pad not visible');
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + 20, y);
    await this.page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await this.page.mouse.move(box.x + 20 + i * 18, y + (i % 2 ? -25 : 25), { steps: 3 });
    }
    await this.page.mouse.up();
    await expect(this.page.getByText(signed, { exact: true })).toBeVisible();
  }
}

/** A small real PNG drawn by the browser (the app checks and compresses real images). */
export async function photoPng(page: Page, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d');
    if (!g) return '';
    g.fillStyle = `hsl(${h}, 70%, 45%)`;
    g.fillRect(0, 0, 320, 240);
    g.fillStyle = 'white';
    g.font = '32px sans-serif';
    g.fillText(`Befund ${h}`, 40, 130);
    return canvas.toDataURL('image/png');
  }, hue);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}
