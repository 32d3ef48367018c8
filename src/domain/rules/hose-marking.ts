/**
 * Reads the facts of a hose assembly from the text of its markings, as an OCR engine returns
 * it (docs/dguv-record.md, "Reading the marking"). DIN 20066 puts on every assembly the
 * manufacturer's mark, the maximum operating pressure and the assembly's production date
 * (year/month, `2409`); the hose's own print (its layline) carries manufacturer, standard and
 * type (EN 853 2SN, EN 856 4SP, EN 857 2SC, SAE 100R2AT …), the nominal size (DN 12, dash size
 * -8, 1/2"), the working pressure (bar, MPa or PSI) and the quarter it was made (`3Q24`).
 *
 * OCR confuses O/0, S/5, I/l/1, B/8 and Z/2 and splits or glues tokens, so every pattern
 * accepts the confusable characters where the other reading cannot be meant (a digit in a
 * date, a letter in a type). The parser only proposes: the screen shows every field beside
 * the photo and writes only what the user confirms.
 */

/** Where a production date was read: the fitting's stamp, or the hose print's quarter. */
export type MarkingDateSource = 'assembly' | 'hose-quarter';

export interface HoseMarking {
  /** First day of the month: the assembly's stamp when there is one, else the hose's quarter. */
  productionDate?: string;
  productionDateSource?: MarkingDateSource;
  /** Nominal size in mm (DN), from a DN, a dash size or an inch size. */
  dn?: number;
  /** Maximum operating pressure in bar (MPa × 10, PSI converted and rounded to whole bar). */
  maxPressureBar?: number;
  /** The type as the app stores it: `2SN`, `4SP`, `2SC`, `R2AT`, `R13` … */
  hoseType?: string;
  /** The standard the type belongs to: `EN 853`, `EN 856`, `EN 857`, `SAE J517`. */
  standard?: string;
  manufacturer?: string;
}

/** Nothing the parser knows was found: a candidate for "marking missing or illegible". */
export const isIllegible = (marking: HoseMarking) => Object.keys(marking).length === 0;

const PSI_TO_BAR = 0.0689476;

/** Dash size (sixteenths of an inch) → DN (EN 853/856/857 nominal sizes). */
const DASH_TO_DN: Record<number, number> = {
  3: 5,
  4: 6,
  5: 8,
  6: 10,
  8: 12,
  10: 16,
  12: 19,
  16: 25,
  20: 31,
  24: 38,
  32: 51,
};
const INCH_TO_DN: Record<string, number> = {
  '3/16': 5,
  '1/4': 6,
  '5/16': 8,
  '3/8': 10,
  '1/2': 12,
  '5/8': 16,
  '3/4': 19,
  '1': 25,
  '11/4': 31,
  '1-1/4': 31,
  '11/2': 38,
  '1-1/2': 38,
  '2': 51,
};
const DNS = new Set(Object.values(DASH_TO_DN));

/** Makers whose marks appear on hoses and fittings here, as printed (longest first). */
const MANUFACTURERS = [
  'HANSA-FLEX',
  'CONTITECH',
  'CONTINENTAL',
  'ALFAGOMMA',
  'TRANSFLUID',
  'TRELLEBORG',
  'INTERPUMP',
  'SEMPERIT',
  'YOKOHAMA',
  'AEROQUIP',
  'MANULI',
  'PARKER',
  'PIRTEK',
  'DUNLOP',
  'GATES',
  'EATON',
  'RYCO',
  'UNIFLEX',
  'STAUFF',
];
const MAKER_NAMES: Record<string, string> = {
  'HANSA-FLEX': 'Hansa-Flex',
  CONTITECH: 'ContiTech',
  CONTINENTAL: 'ContiTech',
  ALFAGOMMA: 'Alfagomma',
  TRANSFLUID: 'Transfluid',
  TRELLEBORG: 'Trelleborg',
  INTERPUMP: 'Interpump',
  SEMPERIT: 'Semperit',
  YOKOHAMA: 'Yokohama',
  AEROQUIP: 'Eaton Aeroquip',
  MANULI: 'Manuli',
  PARKER: 'Parker',
  PIRTEK: 'Pirtek',
  DUNLOP: 'Dunlop',
  GATES: 'Gates',
  EATON: 'Eaton',
  RYCO: 'Ryco',
  UNIFLEX: 'Uniflex',
  STAUFF: 'Stauff',
};

/** Where a digit is meant, OCR's look-alike letters are that digit. */
const DIGIT_LIKE: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};
const D = '[0-9OoDIli|SsBZz]';
const digits = (s: string) => s.replace(/[^0-9]/g, (c) => DIGIT_LIKE[c] ?? c);

/** Where a letter is meant, OCR's look-alike digits are that letter (for names and types). */
const LETTER_LIKE: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z' };
const letters = (s: string) => s.replace(/[0-9]/g, (c) => LETTER_LIKE[c] ?? c);

const monthStart = (year: number, month: number) =>
  month >= 1 && month <= 12 && year >= 1990 && year <= 2099
    ? `${year}-${String(month).padStart(2, '0')}-01`
    : undefined;

/** The text with line breaks and runs of spaces as single spaces, quotes unified. */
function normalise(text: string): string {
  return text
    .replace(/[\u201c\u201d\u2033\u00a8]/g, '"')
    .replace(/[\u2018\u2019\u2032`´]/g, "'")
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

function readType(text: string): Pick<HoseMarking, 'hoseType' | 'standard'> {
  const up = text.toUpperCase();
  // EN 853 / 856 / 857 types: 1SN 2SN 1ST 2ST, 4SP 4SH, 1SC 2SC (S and 5, N and M confused).
  const en = /(?:^|[^0-9A-Z])([12IL4A])\s?[S5]\s?([NMTPHC])(?![A-Z])/.exec(up);
  if (en) {
    const number = digits(en[1]!).replace('L', '1').replace('A', '4');
    const kind = en[2] === 'M' ? 'N' : en[2]!;
    const type = `${number}S${kind}`;
    const standard: Record<string, string> = {
      '1SN': 'EN 853',
      '2SN': 'EN 853',
      '1ST': 'EN 853',
      '2ST': 'EN 853',
      '4SP': 'EN 856',
      '4SH': 'EN 856',
      '1SC': 'EN 857',
      '2SC': 'EN 857',
    };
    if (standard[type]) return { hoseType: type, standard: standard[type] };
  }
  // SAE J517 100R… (R2AT, R12, R13 …), also when printed without "100".
  const sae = /(?:100\s?R|(?<![A-Z0-9])R)\s?(1[0-9]|[1-9])\s?(AT|A|T)?(?![0-9])/.exec(
    up.replace(/(?<=R\s?)[IL|]/g, '1'),
  );
  if (sae && (/SAE|100\s?R/.test(up) || !en)) {
    const hoseType = `R${sae[1]}${sae[2] ?? ''}`;
    return { hoseType, standard: 'SAE J517' };
  }
  // The standard alone (EN 853 without a readable type): the type stays unknown.
  return {};
}

function readSize(text: string): number | undefined {
  const dn = new RegExp(`\\bDN\\s?(${D}{1,2})\\b`, 'i').exec(text);
  if (dn) {
    const value = Number(digits(dn[1]!));
    if (DNS.has(value)) return value;
  }
  // Dash size: "-8", "-12" right after a product name or alone ("451TC-8", "2SN-12").
  const dash = new RegExp(`(?:^|[A-Za-z0-9 ])-\\s?(${D}{1,2})(?![0-9./"])`).exec(text);
  if (dash) {
    const value = DASH_TO_DN[Number(digits(dash[1]!))];
    if (value) return value;
  }
  // Inch sizes: 1/2", 3/8 IN, 1-1/4" (a fraction not followed by a pressure unit).
  const inch =
    /(?:^|[\s(])(1-1\/[24]|1 1\/[24]|[1-9]\/(?:16|[248])|[12])\s?(?:"|''|IN\b|INCH)/i.exec(text);
  if (inch) {
    const key = inch[1]!.replace(' ', '-');
    const value = INCH_TO_DN[key] ?? INCH_TO_DN[key.replace('-', '')];
    if (value) return value;
  }
  return undefined;
}

function readPressure(text: string): number | undefined {
  const number = `(${D}{2,3}(?:[.,]${D})?|${D}{1,2}[.,]${D}{1,2}|${D}{4,5})`;
  const bar = new RegExp(`${number}\\s?(?:BAR|8AR)\\b`, 'i').exec(text);
  if (bar) return Math.round(Number(digits(bar[1]!).replace(',', '.')));
  const pn = new RegExp(`\\b(?:PN|WP|MOP)\\s?:?\\s?(${D}{2,3})\\b(?!\\s?(?:PSI|MPA))`, 'i').exec(
    text,
  );
  if (pn) return Number(digits(pn[1]!));
  const mpa = new RegExp(`${number}\\s?MPA\\b`, 'i').exec(text);
  if (mpa) return Math.round(Number(digits(mpa[1]!).replace(',', '.')) * 10);
  const psi = new RegExp(`(${D}{3,5}|${D}{1,2}[.,]${D}{3})\\s?P[S5][I1l|](?![A-Za-z])`, 'i').exec(
    text,
  );
  if (psi) return Math.round(Number(digits(psi[1]!).replace(/[.,]/, '')) * PSI_TO_BAR);
  return undefined;
}

/** The assembly's stamp: year/month as 4 digits (`2409`) or month/year (`09/2024`, `09.24`). */
function readAssemblyDate(text: string): string | undefined {
  // Tokens with a unit or a DN/dash/type belong to those fields, not to the date.
  const cleaned = text
    .replace(new RegExp(`${D}{2,5}(?:[.,]${D}+)?\\s?(?:BAR|8AR|PSI|P5I|MPA)\\b`, 'gi'), ' ')
    .replace(/\b(?:PN|WP|MOP)\s?:?\s?\S+/gi, ' ')
    .replace(/\bEN\s?8[5S][3-7]\b/gi, ' ')
    .replace(/\bDN\s?\S+/gi, ' ');
  const slash = new RegExp(`(?:^|[^0-9/])(${D}{2})\\s?[/.]\\s?(20${D}{2}|${D}{2})(?![0-9/])`).exec(
    cleaned,
  );
  if (slash) {
    const month = Number(digits(slash[1]!));
    const yearText = digits(slash[2]!);
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    const date = monthStart(year, month);
    if (date) return date;
  }
  for (const m of cleaned.matchAll(
    new RegExp(`(?:^|[^0-9A-Za-z-])(${D}{4})(?![0-9A-Za-z])`, 'g'),
  )) {
    const token = digits(m[1]!);
    const year = 2000 + Number(token.slice(0, 2));
    const month = Number(token.slice(2));
    // A stamp is of the past decades: 2409 is September 2024, 1210 October 2012.
    const date = Number(token.slice(0, 2)) <= 60 ? monthStart(year, month) : undefined;
    if (date) return date;
  }
  return undefined;
}

/**
 * The hose print's quarter: `3Q24`, `3Q 2024`, `Q3/24` (an O read for the Q too, never a 0:
 * `2009` is the stamp of September 2020).
 */
function readQuarter(text: string): string | undefined {
  const m =
    new RegExp(`(?:^|[^0-9A-Za-z])([1-4Il])\\s?[QO]\\s?(20${D}{2}|${D}{2})(?![0-9])`).exec(text) ??
    new RegExp(`(?:^|[^0-9A-Za-z])Q\\s?([1-4Il])\\s?[/.-]?\\s?(20${D}{2}|${D}{2})(?![0-9])`).exec(
      text,
    );
  // OCR reads the Q as a 0 more often than not: `1Q24` comes back `1024`. Such a token is read
  // as a quarter only where it cannot be a stamp (year/month: `1024` would be month 24).
  const zero = m
    ? null
    : new RegExp(`(?:^|[^0-9A-Za-z/.-])([1-4])0(${D}{2})(?![0-9A-Za-z])`).exec(text);
  if (zero && Number(digits(zero[2]!)) > 12)
    return monthStart(2000 + Number(digits(zero[2]!)), (Number(zero[1]) - 1) * 3 + 1);
  if (!m) return undefined;
  const quarter = Number(digits(m[1]!));
  const yearText = digits(m[2]!);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return monthStart(year, (quarter - 1) * 3 + 1);
}

function readManufacturer(text: string): string | undefined {
  const up = letters(text.toUpperCase()).replace(/[^A-Z-]/g, '');
  const found = MANUFACTURERS.find((name) => up.includes(name.replace(/[^A-Z-]/g, '')));
  return found ? MAKER_NAMES[found] : undefined;
}

/** Everything the markings' text tells, each field only when it was read unambiguously. */
export function parseHoseMarking(ocrText: string): HoseMarking {
  const text = normalise(ocrText);
  const out: HoseMarking = {};
  if (!text) return out;
  const type = readType(text);
  if (type.hoseType) out.hoseType = type.hoseType;
  if (type.standard) out.standard = type.standard;
  const dn = readSize(text);
  if (dn !== undefined) out.dn = dn;
  const pressure = readPressure(text);
  if (pressure !== undefined && pressure > 0 && pressure <= 1500) out.maxPressureBar = pressure;
  // The quarter is read first and taken out, so that "3Q24" is never read as a stamp.
  const quarter = readQuarter(text);
  const assembly = readAssemblyDate(
    text
      .replace(new RegExp(`[1-4Il]\\s?[QO]\\s?(?:20${D}{2}|${D}{2})(?![0-9])`, 'g'), ' ')
      .replace(/(?<![0-9/.-])[1-4]0(?:1[3-9]|[2-9][0-9])(?![0-9])/g, ' '),
  );
  if (assembly) {
    out.productionDate = assembly;
    out.productionDateSource = 'assembly';
  } else if (quarter) {
    out.productionDate = quarter;
    out.productionDateSource = 'hose-quarter';
  }
  const maker = readManufacturer(text);
  if (maker) out.manufacturer = maker;
  return out;
}
