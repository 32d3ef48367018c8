import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'vite';

/**
 * Photos of hose markings for "Read marking" (tests/fixtures/marking-images.ts, drawn by the
 * browser's canvas): the fixture is bundled once and run in a page of its own (about:blank,
 * no CSP), which hands back JPEG bytes — a photo for the gallery input, or a camera frame
 * (the marking in the middle of a 1280 × 720 picture, where the dialog's frame is).
 */
let bundle: Promise<string> | undefined;

function fixtureBundle(): Promise<string> {
  bundle ??= build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: path.resolve('tests/fixtures/marking-images.ts'),
        formats: ['iife'],
        name: 'markingImages',
        fileName: 'marking-images',
      },
    },
  }).then((out) => {
    const outputs = Array.isArray(out) ? out : [out];
    const chunk = outputs
      .flatMap((o) => ('output' in o ? o.output : []))
      .find((c) => c.type === 'chunk');
    if (!chunk || chunk.type !== 'chunk') throw new Error('marking-images bundle missing');
    return chunk.code;
  });
  return bundle;
}

type Images = {
  markingPhoto: (text: string, n: number) => Promise<Blob>;
};

export class MarkingImages {
  private constructor(private readonly page: Page) {}

  static async open(context: BrowserContext): Promise<MarkingImages> {
    const page = await context.newPage();
    await page.goto('about:blank');
    await page.evaluate(await fixtureBundle());
    return new MarkingImages(page);
  }

  /** The n-th generated photo of `text` as JPEG bytes. */
  async photo(text: string, n: number): Promise<Buffer> {
    const base64 = await this.page.evaluate(
      async ([text, n]) => {
        const images = (window as unknown as { markingImages: Images }).markingImages;
        const blob = await images.markingPhoto(text, n);
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let s = '';
        for (const b of bytes) s += String.fromCharCode(b);
        return btoa(s);
      },
      [text, n] as const,
    );
    return Buffer.from(base64, 'base64');
  }

  /** A camera frame (1280 × 720 JPEG) with the n-th photo of `text` in its middle. */
  async frame(text: string, n: number): Promise<Buffer> {
    const base64 = await this.page.evaluate(
      async ([text, n]) => {
        const images = (window as unknown as { markingImages: Images }).markingImages;
        const photo = await createImageBitmap(await images.markingPhoto(text, n));
        const canvas = document.createElement('canvas');
        canvas.width = 1280;
        canvas.height = 720;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#202020';
        ctx.fillRect(0, 0, 1280, 720);
        const scale = Math.min(1, 1100 / photo.width);
        const w = photo.width * scale;
        const h = photo.height * scale;
        ctx.drawImage(photo, (1280 - w) / 2, (720 - h) / 2, w, h);
        const url = canvas.toDataURL('image/jpeg', 0.92);
        return url.slice(url.indexOf(',') + 1);
      },
      [text, n] as const,
    );
    return Buffer.from(base64, 'base64');
  }

  async close() {
    await this.page.close();
  }
}

/** The "Read marking" dialog. */
export class MarkingDialog {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Kennzeichnung lesen' });
  }

  async open() {
    await this.page.getByTestId('read-marking').click();
    await expect(this.dialog()).toBeVisible({ timeout: 20_000 });
  }

  /** Chooses `photo` from the gallery and waits for the recognised text. */
  async readFromGallery(photo: Buffer, timeout = 60_000) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.dialog().getByRole('button', { name: 'Foto aus der Galerie' }).click();
    await (await chooser).setFiles({ name: 'marking.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(this.dialog().getByTestId('marking-text')).toBeVisible({ timeout });
  }

  /** A new photo: back to the choice of camera or gallery. */
  async again() {
    await this.dialog().getByRole('button', { name: 'Neues Foto' }).click();
  }

  /** The value of each field the dialog shows as read (its `data-value`; null: not read). */
  async values(): Promise<Record<string, string | null>> {
    const out: Record<string, string | null> = {};
    for (const key of ['productionDate', 'dn', 'maxPn', 'hoseType', 'hoseManufacturer']) {
      const value = this.dialog().getByTestId(`marking-value-${key}`);
      out[key] = (await value.count()) ? await value.getAttribute('data-value') : null;
    }
    return out;
  }

  confirm(label: RegExp | string) {
    return this.dialog().getByRole('checkbox', { name: label });
  }

  async apply() {
    await this.dialog().getByRole('button', { name: 'Bestätigte übernehmen' }).click();
    await expect(this.dialog()).toBeHidden();
  }
}
