import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/**
 * Hose labels and the scanner, German UI: the print dialog of a machine's hose
 * list or a hose, its PDF download; the scan dialog (header on phones, DGUV dashboard); and a
 * Chromium whose fake camera films a label.
 */
export class LabelPages {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog');
  }

  /** Opens the dialog ('labels-print' on a list, 'label-print' on a hose), picks the format. */
  async open(button: 'labels-print' | 'label-print', format: 'a4-3x8' | 'roll-62') {
    await this.page.getByTestId(button).click();
    await this.dialog().getByTestId(`label-format-${format}`).check();
  }

  async choose(codes: readonly string[]) {
    await this.dialog().getByTestId('labels-choose').check();
    for (const code of codes) {
      await this.dialog()
        .getByRole('checkbox', { name: `${code} auswählen` })
        .check();
    }
  }

  /** Downloads the PDF; its bytes. */
  async download(): Promise<Buffer> {
    const downloading = this.page.waitForEvent('download');
    await this.dialog().getByTestId('labels-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Schlauchetiketten-.+\.pdf$/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'labels-')), 'labels.pdf');
    await download.saveAs(file);
    await expect(this.dialog()).toHaveCount(0);
    return readFileSync(file);
  }
}

export class ScanPages {
  constructor(private readonly page: Page) {}

  /** The scan button of the header (phones only). */
  async openFromHeader() {
    await this.page.getByRole('banner').getByTestId('scan-open').click();
    await expect(this.dialog()).toBeVisible();
  }

  /** The scan button of the running audit's dashboard. */
  async openFromAudit() {
    await this.page.getByRole('main').getByTestId('scan-open').click();
    await expect(this.dialog()).toBeVisible();
  }

  dialog(): Locator {
    return this.page.getByTestId('scan-dialog');
  }

  video() {
    return this.dialog().getByTestId('scan-video');
  }

  cameraError() {
    return this.dialog().getByTestId('scan-camera-error');
  }

  notice() {
    return this.dialog().getByTestId('scan-notice');
  }

  async typeCode(code: string, scope: Locator = this.dialog()) {
    await scope.getByRole('textbox', { name: 'Schlauchcode' }).fill(code);
    await scope.getByRole('button', { name: 'Öffnen' }).click();
  }
}

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video (YUV 4:2:0, the format Chromium's fake camera plays in a loop) of a label: the
 * QR code of `text` on white, in the middle of the picture.
 */
export async function labelVideo(text: string): Promise<string> {
  const qr = PNG.sync.read(await QRCode.toBuffer(text, { scale: 7, margin: 4 }));
  const rgb = (x: number, y: number): [number, number, number] => {
    const qx = x - Math.floor((WIDTH - qr.width) / 2);
    const qy = y - Math.floor((HEIGHT - qr.height) / 2);
    if (qx < 0 || qy < 0 || qx >= qr.width || qy >= qr.height) return [255, 255, 255];
    const i = (qy * qr.width + qx) * 4;
    return [qr.data[i] ?? 255, qr.data[i + 1] ?? 255, qr.data[i + 2] ?? 255];
  };
  // BT.601 full range, as C420jpeg says; chroma averaged over each 2 × 2 block.
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  for (let row = 0; row < HEIGHT; row++) {
    for (let col = 0; col < WIDTH; col++) {
      const [r, g, b] = rgb(col, row);
      y[row * WIDTH + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  for (let row = 0; row < HEIGHT / 2; row++) {
    for (let col = 0; col < WIDTH / 2; col++) {
      let su = 0;
      let sv = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [r, g, b] = rgb(col * 2 + dx, row * 2 + dy);
        su += -0.168736 * r - 0.331264 * g + 0.5 * b + 128;
        sv += 0.5 * r - 0.418688 * g - 0.081312 * b + 128;
      }
      u[row * (WIDTH / 2) + col] = Math.round(su / 4);
      v[row * (WIDTH / 2) + col] = Math.round(sv / 4);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'camera-')), 'label.y4m');
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
  return file;
}

/** A Chromium whose camera films `video` (permission granted without asking). */
export function launchWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
