/**
 * Realistic images for the report benchmark, drawn and encoded by Chromium (no JPEG encoder
 * in node_modules): photo-like 1600×1200 JPEGs of 150–300 KB (soft shapes, gradients and
 * sensor noise, quality chosen per image to land in that range), a logo and a signature PNG.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

export interface BenchImages {
  photos: Buffer[];
  logo: Buffer;
  signature: Buffer;
}

const MIN = 150 * 1024;
const MAX = 300 * 1024;

/** Runs in the page: one photo-like canvas per seed, as a JPEG data URL within [min, max]. */
function drawInPage(args: { count: number; min: number; max: number }) {
  const dataUrlBytes = (url: string) => Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4);
  let seed = 7;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const photo = (n: number) => {
    const c = document.createElement('canvas');
    c.width = 1600;
    c.height = 1200;
    const g = c.getContext('2d')!;
    const bg = g.createLinearGradient(0, 0, 1600, 1200);
    bg.addColorStop(0, `hsl(${(n * 37) % 360},25%,35%)`);
    bg.addColorStop(1, `hsl(${(n * 37 + 90) % 360},30%,70%)`);
    g.fillStyle = bg;
    g.fillRect(0, 0, 1600, 1200);
    g.filter = 'blur(6px)';
    for (let i = 0; i < 60; i++) {
      g.fillStyle = `hsla(${rnd() * 360},${20 + rnd() * 40}%,${20 + rnd() * 60}%,0.6)`;
      g.beginPath();
      g.ellipse(rnd() * 1600, rnd() * 1200, 20 + rnd() * 300, 20 + rnd() * 200, rnd() * 3, 0, 7);
      g.fill();
    }
    g.filter = 'none';
    g.lineWidth = 38;
    g.strokeStyle = '#1b1b1b';
    g.beginPath();
    g.moveTo(0, 300 + rnd() * 600);
    g.bezierCurveTo(500, rnd() * 1200, 1100, rnd() * 1200, 1600, 300 + rnd() * 600);
    g.stroke();
    const img = g.getImageData(0, 0, 1600, 1200);
    for (let i = 0; i < img.data.length; i += 4) {
      const noise = (rnd() - 0.5) * 26;
      for (let k = i; k < i + 3; k++) img.data[k] = (img.data[k] ?? 0) + noise;
    }
    g.putImageData(img, 0, 0);
    let lo = 0.3;
    let hi = 0.95;
    let url = c.toDataURL('image/jpeg', 0.7);
    for (let step = 0; step < 8; step++) {
      const size = dataUrlBytes(url);
      if (size >= args.min && size <= args.max) break;
      const q = (lo + hi) / 2;
      if (size > args.max) hi = q;
      else lo = q;
      url = c.toDataURL('image/jpeg', (lo + hi) / 2);
    }
    return url;
  };
  const logo = () => {
    const c = document.createElement('canvas');
    c.width = 480;
    c.height = 160;
    const g = c.getContext('2d')!;
    g.fillStyle = '#0b4f8a';
    g.fillRect(0, 0, 160, 160);
    g.fillStyle = '#fff';
    g.font = 'bold 88px sans-serif';
    g.fillText('HS', 22, 112);
    g.fillStyle = '#0b4f8a';
    g.font = 'bold 52px sans-serif';
    g.fillText('Nord', 190, 105);
    return c.toDataURL('image/png');
  };
  const signature = () => {
    const c = document.createElement('canvas');
    c.width = 600;
    c.height = 200;
    const g = c.getContext('2d')!;
    g.strokeStyle = '#10206b';
    g.lineWidth = 4;
    g.beginPath();
    g.moveTo(30, 140);
    for (let x = 30; x < 560; x += 12) g.lineTo(x, 100 + Math.sin(x / 17) * 45 * Math.cos(x / 61));
    g.stroke();
    return c.toDataURL('image/png');
  };
  return {
    photos: Array.from({ length: args.count }, (_, n) => photo(n)),
    logo: logo(),
    signature: signature(),
  };
}

const bytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

export async function drawBenchImages(count: number): Promise<BenchImages> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    // tsx keeps function names with a `__name` helper that the page does not have.
    await page.evaluate('globalThis.__name = (f) => f');
    const out = await page.evaluate(drawInPage, { count, min: MIN, max: MAX });
    return {
      photos: out.photos.map(bytes),
      logo: bytes(out.logo),
      signature: bytes(out.signature),
    };
  } finally {
    await browser.close();
  }
}
