import { describe, expect, it } from 'vitest';
import { isIllegible, parseHoseMarking, type HoseMarking } from './hose-marking';

/**
 * Markings as the makers print them (laylines of the hose, stamps on the fitting's sleeve), as
 * a phone's OCR returns them: line breaks, glued or split tokens, O/0, S/5, I/l/1, B/8 mixed up.
 */
const CORPUS: [string, HoseMarking][] = [
  // Hose laylines, EN 853 / 856 / 857 and SAE J517, the makers' usual order.
  [
    'PARKER 451TC-8 1/2" EN 857 2SC 400 BAR 5800 PSI 3Q24 MADE IN GERMANY',
    {
      manufacturer: 'Parker',
      dn: 12,
      hoseType: '2SC',
      standard: 'EN 857',
      maxPressureBar: 400,
      productionDate: '2024-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'MANULI ROCKMASTER 4SP DN19 -12 3/4" WP 420 BAR 6090 PSI EN 856 4SP 2Q23',
    {
      manufacturer: 'Manuli',
      dn: 19,
      hoseType: '4SP',
      standard: 'EN 856',
      maxPressureBar: 420,
      productionDate: '2023-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'GATES MEGASYS MXT-8 EN 853 2SN DN12 1/2" 40.0 MPa 5800 PSI 1Q25',
    {
      manufacturer: 'Gates',
      dn: 12,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 400,
      productionDate: '2025-01-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'SEMPERIT 2SN DN10 3/8" 330 bar EN853 4Q22',
    {
      manufacturer: 'Semperit',
      dn: 10,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 330,
      productionDate: '2022-10-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'ALFAGOMMA 2SN-12 3/4 EN 853 2SN 215 BAR 3125 PSI 3Q21',
    {
      manufacturer: 'Alfagomma',
      dn: 19,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 215,
      productionDate: '2021-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'EATON AEROQUIP GH781-8 SAE 100R2AT EN 853 2SN 1/2" 5000 PSI 34.5 MPA 2Q24',
    {
      manufacturer: 'Eaton Aeroquip',
      dn: 12,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 345,
      productionDate: '2024-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'HANSA-FLEX HD 500 2SN DN 16 5/8" 250 bar SAE 100R2AT 1Q24',
    {
      manufacturer: 'Hansa-Flex',
      dn: 16,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 250,
      productionDate: '2024-01-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'CONTITECH 1SN DN06 1/4" 225 BAR EN 853 1SN 4Q23',
    {
      manufacturer: 'ContiTech',
      dn: 6,
      hoseType: '1SN',
      standard: 'EN 853',
      maxPressureBar: 225,
      productionDate: '2023-10-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'PARKER 472TC-6 EN 857 2SC 3/8 DN10 415 BAR 6000 PSI 1Q24',
    {
      manufacturer: 'Parker',
      dn: 10,
      hoseType: '2SC',
      standard: 'EN 857',
      maxPressureBar: 415,
      productionDate: '2024-01-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'TRELLEBORG EN 856 4SH DN25 1" 380 BAR 5500 PSI 2Q22',
    {
      manufacturer: 'Trelleborg',
      dn: 25,
      hoseType: '4SH',
      standard: 'EN 856',
      maxPressureBar: 380,
      productionDate: '2022-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'YOKOHAMA SAE 100R13 -16 1" 5000 PSI 3Q20',
    {
      manufacturer: 'Yokohama',
      dn: 25,
      hoseType: 'R13',
      standard: 'SAE J517',
      maxPressureBar: 345,
      productionDate: '2020-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'RYCO T2 SAE 100R2AT -10 5/8" 2750 PSI 19.0 MPa 4Q21',
    {
      manufacturer: 'Ryco',
      dn: 16,
      hoseType: 'R2AT',
      standard: 'SAE J517',
      maxPressureBar: 190,
      productionDate: '2021-10-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'DUNLOP HIFLEX 1SN DN 8 5/16" 215 BAR EN 853 1SN 2Q25',
    {
      manufacturer: 'Dunlop',
      dn: 8,
      hoseType: '1SN',
      standard: 'EN 853',
      maxPressureBar: 215,
      productionDate: '2025-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'TRANSFLUID EN 857 1SC DN 12 1/2" 160 BAR 3Q23',
    {
      manufacturer: 'Transfluid',
      dn: 12,
      hoseType: '1SC',
      standard: 'EN 857',
      maxPressureBar: 160,
      productionDate: '2023-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'INTERPUMP 4SP DN 31 1-1/4" 210 BAR EN 856 1Q22',
    {
      manufacturer: 'Interpump',
      dn: 31,
      hoseType: '4SP',
      standard: 'EN 856',
      maxPressureBar: 210,
      productionDate: '2022-01-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'PIRTEK 2SN DN38 1 1/2" 165 BAR EN 853 4Q24',
    {
      manufacturer: 'Pirtek',
      dn: 38,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 165,
      productionDate: '2024-10-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'UNIFLEX SAE 100R1AT -4 1/4" 2750 PSI 2Q19',
    {
      manufacturer: 'Uniflex',
      dn: 6,
      hoseType: 'R1AT',
      standard: 'SAE J517',
      maxPressureBar: 190,
      productionDate: '2019-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'MANULI GOLDENSPIR 4SH DN 51 2" 250 BAR 3625 PSI Q3/23',
    {
      manufacturer: 'Manuli',
      dn: 51,
      hoseType: '4SH',
      standard: 'EN 856',
      maxPressureBar: 250,
      productionDate: '2023-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'GATES M3K-6 EN 853 2SN 3/8" 28 MPa 4000 PSI 3Q 2024',
    {
      manufacturer: 'Gates',
      dn: 10,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 280,
      productionDate: '2024-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'STAUFF SAE 100R12 -12 3/4" 4000 PSI 2Q21',
    {
      manufacturer: 'Stauff',
      dn: 19,
      hoseType: 'R12',
      standard: 'SAE J517',
      maxPressureBar: 276,
      productionDate: '2021-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  // Fitting stamps (DIN 20066: maker's mark, production year/month, maximum pressure).
  [
    'HF 2409 PN 350',
    { productionDate: '2024-09-01', productionDateSource: 'assembly', maxPressureBar: 350 },
  ],
  [
    'HANSA-FLEX 2311 280 BAR',
    {
      manufacturer: 'Hansa-Flex',
      productionDate: '2023-11-01',
      productionDateSource: 'assembly',
      maxPressureBar: 280,
    },
  ],
  [
    'PARKER 2502 WP 400',
    {
      manufacturer: 'Parker',
      productionDate: '2025-02-01',
      productionDateSource: 'assembly',
      maxPressureBar: 400,
    },
  ],
  [
    '09/2024 350 bar',
    { productionDate: '2024-09-01', productionDateSource: 'assembly', maxPressureBar: 350 },
  ],
  [
    'PH 06.23 PN 250',
    { productionDate: '2023-06-01', productionDateSource: 'assembly', maxPressureBar: 250 },
  ],
  // Layline and stamp read together: the assembly's stamp is the production date.
  [
    'PARKER 451TC-8 EN 857 2SC 400 BAR 1Q24\nPARKER 2405 400 BAR',
    {
      manufacturer: 'Parker',
      dn: 12,
      hoseType: '2SC',
      standard: 'EN 857',
      maxPressureBar: 400,
      productionDate: '2024-05-01',
      productionDateSource: 'assembly',
    },
  ],
  [
    'SEMPERIT 2SN DN 12 1/2" 275 BAR 3Q23 | 2310 PN275',
    {
      manufacturer: 'Semperit',
      dn: 12,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 275,
      productionDate: '2023-10-01',
      productionDateSource: 'assembly',
    },
  ],
  // OCR's usual errors.
  [
    'PARKER 451TC-8 1/2" EN 857 25C 4OO BAR 58OO PSI 3Q24',
    {
      manufacturer: 'Parker',
      dn: 12,
      hoseType: '2SC',
      standard: 'EN 857',
      maxPressureBar: 400,
      productionDate: '2024-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'MANULI 4SP DNl9 -l2 3/4" 42O BAR EN 856 2Q23',
    {
      manufacturer: 'Manuli',
      dn: 19,
      hoseType: '4SP',
      standard: 'EN 856',
      maxPressureBar: 420,
      productionDate: '2023-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'GATE5 EN 853 2SN DNI2 4O.O MPa IQ25',
    {
      manufacturer: 'Gates',
      dn: 12,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 400,
      productionDate: '2025-01-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'HF 24O9 PN 35O',
    { productionDate: '2024-09-01', productionDateSource: 'assembly', maxPressureBar: 350 },
  ],
  [
    'SEMPER1T 2 SN DN 10 3/8" 33O 8AR EN853 4Q22',
    {
      manufacturer: 'Semperit',
      dn: 10,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 330,
      productionDate: '2022-10-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'ALFAGOMMA 1SM DN 6 1/4" 25O BAR 4O24',
    {
      manufacturer: 'Alfagomma',
      dn: 6,
      hoseType: '1SN',
      standard: 'EN 853',
      maxPressureBar: 250,
      productionDate: '2024-10-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'PARKER\n2SN\nDN 16\n5/8"\n250 BAR\n3Q21',
    {
      manufacturer: 'Parker',
      dn: 16,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 250,
      productionDate: '2021-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'CONTINENTAL  4SH  DN 19  3/4"  42 MPa  6100 PSI  1Q20',
    {
      manufacturer: 'ContiTech',
      dn: 19,
      hoseType: '4SH',
      standard: 'EN 856',
      maxPressureBar: 420,
      productionDate: '2020-01-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'YOKOHAMA SAE 100RI3 -I6 5000 P5I 3Q2O',
    {
      manufacturer: 'Yokohama',
      dn: 25,
      hoseType: 'R13',
      standard: 'SAE J517',
      maxPressureBar: 345,
      productionDate: '2020-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'HANSA—FLEX 2SN DN 12 1/2” 275 bar 2Q24',
    {
      manufacturer: 'Hansa-Flex',
      dn: 12,
      hoseType: '2SN',
      standard: 'EN 853',
      maxPressureBar: 275,
      productionDate: '2024-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'EATON EN 853 1SN -6 3/8" 180 BAR 2610 PSI 4Q2l',
    {
      manufacturer: 'Eaton',
      dn: 10,
      hoseType: '1SN',
      standard: 'EN 853',
      maxPressureBar: 180,
      productionDate: '2021-10-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'HF Z4O9 PN 28O',
    { productionDate: '2024-09-01', productionDateSource: 'assembly', maxPressureBar: 280 },
  ],
  [
    'TRELLEBORG 2SC DN 10 3/8" 350 BAR 5075 PSI EN 857 3Q24',
    {
      manufacturer: 'Trelleborg',
      dn: 10,
      hoseType: '2SC',
      standard: 'EN 857',
      maxPressureBar: 350,
      productionDate: '2024-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  // Pressure in PSI only, converted; DN from the dash size only.
  [
    'TRELLEBORG EN 856 ASH DN25 380 BAR 2Q22',
    {
      manufacturer: 'Trelleborg',
      dn: 25,
      hoseType: '4SH',
      standard: 'EN 856',
      maxPressureBar: 380,
      productionDate: '2022-04-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'YOKOHAMA SAE 100R13 DN 25 5000 Ps| 3Q20',
    {
      manufacturer: 'Yokohama',
      dn: 25,
      hoseType: 'R13',
      standard: 'SAE J517',
      maxPressureBar: 345,
      productionDate: '2020-07-01',
      productionDateSource: 'hose-quarter',
    },
  ],
  [
    'RYCO SAE 100R2AT -8 4000 PSI 1Q23',
    {
      manufacturer: 'Ryco',
      dn: 12,
      hoseType: 'R2AT',
      standard: 'SAE J517',
      maxPressureBar: 276,
      productionDate: '2023-01-01',
      productionDateSource: 'hose-quarter',
    },
  ],
];

describe('reading a hose marking', () => {
  it('has a corpus of at least 40 real-format markings', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CORPUS)('%s', (text, expected) => {
    expect(parseHoseMarking(text)).toEqual(expected);
  });

  it('calls nothing recognised illegible, and a blank too', () => {
    expect(isIllegible(parseHoseMarking(''))).toBe(true);
    expect(isIllegible(parseHoseMarking('~~ ,,, ##'))).toBe(true);
    expect(isIllegible(parseHoseMarking('HF 2409 PN 350'))).toBe(false);
  });

  it('never reads a quarter as a stamp, nor a pressure as a date', () => {
    expect(parseHoseMarking('3Q24')).toEqual({
      productionDate: '2024-07-01',
      productionDateSource: 'hose-quarter',
    });
    expect(parseHoseMarking('5800 PSI').productionDate).toBeUndefined();
    expect(parseHoseMarking('2009').productionDate).toBe('2020-09-01');
    // The Q read as a 0 where no stamp can be meant (month 24 does not exist).
    expect(parseHoseMarking('EN 853 2SN 1024')).toMatchObject({
      productionDate: '2024-01-01',
      productionDateSource: 'hose-quarter',
    });
  });

  it('leaves out what is not a size, a month or a pressure it knows', () => {
    expect(parseHoseMarking('DN 13').dn).toBeUndefined();
    expect(parseHoseMarking('2413').productionDate).toBeUndefined();
    expect(parseHoseMarking('9000 BAR').maxPressureBar).toBeUndefined();
  });
});
