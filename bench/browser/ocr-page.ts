/**
 * The page the OCR benchmark opens: reads photos of hose markings (tests/fixtures/
 * marking-images.ts) with the app's own recognition (src/features/marking/ocr.ts) and parser,
 * and reports per photo the time and whether the fields a technician needs came out right:
 * the same production date, nominal size, pressure and type as the parser reads from the
 * printed text itself.
 */
import { parseHoseMarking, type HoseMarking } from '@domain/rules/hose-marking';
import { readText } from '@features/marking/ocr';
import { MARKINGS, markingPhoto } from '@tests/fixtures/marking-images';

const FIELDS = ['productionDate', 'dn', 'maxPressureBar', 'hoseType'] as const;
const same = (a: HoseMarking, b: HoseMarking) => FIELDS.every((f) => a[f] === b[f]);

async function warm(): Promise<number> {
  const t0 = performance.now();
  await readText(await markingPhoto('HF 2409 PN 350', 0));
  return performance.now() - t0;
}

async function run(): Promise<{ text: string; read: string; ms: number; right: boolean }[]> {
  const out = [];
  for (let n = 0; n < MARKINGS.length; n++) {
    const text = MARKINGS[n]!;
    const photo = await markingPhoto(text, n);
    const t0 = performance.now();
    const { text: read } = await readText(photo);
    const ms = performance.now() - t0;
    out.push({
      text,
      read: read.trim(),
      ms,
      right: same(parseHoseMarking(read), parseHoseMarking(text)),
    });
  }
  return out;
}

const win = window as unknown as Record<string, unknown>;
win.benchWarm = warm;
win.benchRun = run;
win.benchReady = true;
