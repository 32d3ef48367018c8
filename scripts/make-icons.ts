/**
 * Renders public/favicon.svg into the PWA's PNG icons with Debian's Chromium.
 * Run once after changing the logo: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
async function render(file: string, size: number, padding: number, background: string) {
  await page.setViewportSize({ width: size, height: size });
  const inner = size - 2 * padding;
  await page.setContent(
    `<body style="margin:0;background:${background};display:grid;place-items:center;width:${size}px;height:${size}px">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  );
  await page.screenshot({ path: file, omitBackground: background === 'transparent' });
}
await render('public/icons/icon-192.png', 192, 0, 'transparent');
await render('public/icons/icon-512.png', 512, 0, 'transparent');
// Maskable: the logo inside the 80 % safe zone on a full-bleed background.
await render('public/icons/icon-maskable-512.png', 512, 64, '#1c7ed6');
await browser.close();
