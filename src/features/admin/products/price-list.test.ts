import { describe, expect, it } from 'vitest';
import type { Product } from '@domain/schemas/product';
import { detectDelimiter, parseCsv } from '@lib/export/csv';
import { countByStatus, exportPriceList, previewPriceList } from './price-list';

const product = (extra: Partial<Product>): Product => ({
  id: `id-${extra.articleNumber ?? 'x'}`,
  companyId: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  articleNumber: 'S-2SN-10',
  name: 'Hydraulikschlauch 2SN DN10',
  unit: 'METER',
  kind: 'HOSE',
  dn: 10,
  maxPn: 330,
  fittingType: null,
  accessory: null,
  priceCents: 930,
  active: true,
  ...extra,
});

const catalogue = [
  product({}),
  product({
    articleNumber: 'A-JIC-10',
    name: 'Pressarmatur JIC 37° DN10',
    kind: 'FITTING',
    unit: 'PIECE',
    maxPn: null,
    fittingType: 'JIC',
    priceCents: 760,
  }),
  product({
    articleNumber: 'Z-FANGSEIL',
    name: 'Fangseil; schwer',
    kind: 'ACCESSORY',
    unit: 'PIECE',
    dn: null,
    maxPn: null,
    accessory: 'ROPE',
    priceCents: 1890,
  }),
];

describe('CSV text', () => {
  it('detects the delimiter from the header', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a,b,c\n1;2;3')).toBe(',');
    expect(detectDelimiter('"a;x",b,c')).toBe(',');
  });

  it('reads quotes, doubled quotes, line breaks in cells, CRLF and the BOM', () => {
    const text = '\uFEFFa;b\r\n"x;y";"he said ""hi"""\r\n"two\nlines";z\r\n\r\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b'],
      ['x;y', 'he said "hi"'],
      ['two\nlines', 'z'],
    ]);
  });
});

describe('price list export', () => {
  it('writes a semicolon CSV with decimal commas that reads back unchanged', () => {
    const text = exportPriceList(catalogue, ',');
    expect(text.startsWith('\uFEFFarticle_number;name;kind;unit;dn;pn_bar;')).toBe(true);
    expect(text).toContain('A-JIC-10;Pressarmatur JIC 37° DN10;FITTING;PIECE;10;;JIC;;7,60;1');
    expect(text).toContain('"Fangseil; schwer"');
    const preview = previewPriceList(text, catalogue, ',');
    expect(preview.ok && countByStatus(preview.lines)).toEqual({
      new: 0,
      changed: 0,
      unchanged: 3,
      invalid: 0,
    });
  });

  it('writes decimal points in English, and reads them back so', () => {
    const text = exportPriceList(catalogue, '.');
    expect(text).toContain(';JIC;;7.60;1');
    const preview = previewPriceList(text, catalogue, '.');
    expect(preview.ok && countByStatus(preview.lines).unchanged).toBe(3);
  });

  it('leaves deleted products out', () => {
    const text = exportPriceList(
      [...catalogue, product({ articleNumber: 'GONE', deletedAt: 'x' })],
      ',',
    );
    expect(text).not.toContain('GONE');
  });
});

describe('price list import preview', () => {
  it('classifies new, changed price, unchanged and invalid lines with reasons', () => {
    const text = [
      'article_number,name,kind,unit,dn,pn_bar,fitting_type,accessory,net_price_eur,active',
      's-2sn-10,Hydraulikschlauch 2SN DN10,HOSE,METER,10,330,,,"9,90",1',
      'A-JIC-10,Pressarmatur JIC 37° DN10,fitting,piece,10,,JIC,,"7,60",',
      'S-NEW-12,Hydraulikschlauch 4SP DN12,HOSE,METER,12,415,,,"14,25",1',
      'S-BAD-1,Schlauch ohne Druck,HOSE,METER,16,,,,12,1',
      'S-BAD-2,Teuer,HOSE,METER,16,250,,,zwölf,1',
      'S-NEW-12,Doppelt,HOSE,METER,12,415,,,"14,25",1',
      'A-X,Armatur,FITTING,PIECE,,,,ROPE,3,1',
    ].join('\n');
    const preview = previewPriceList(text, catalogue, ',');
    if (!preview.ok) throw new Error(preview.message);
    const [hose, fitting, added, noPn, badPrice, twice, misfit] = preview.lines;
    expect(hose).toMatchObject({ line: 2, status: 'changed', changes: { priceCents: 990 } });
    expect(hose?.status === 'changed' && Object.keys(hose.changes)).toEqual([
      'articleNumber',
      'priceCents',
    ]);
    expect(fitting).toMatchObject({ status: 'unchanged' });
    expect(added).toMatchObject({
      status: 'new',
      values: { articleNumber: 'S-NEW-12', priceCents: 1425, dn: 12, maxPn: 415, active: true },
    });
    expect(noPn).toMatchObject({
      status: 'invalid',
      issues: [{ field: 'maxPn', message: 'products:ruleHosePn' }],
    });
    expect(badPrice).toMatchObject({
      status: 'invalid',
      issues: [{ field: 'priceCents', message: 'validation:moneyFormat' }],
    });
    expect(twice).toMatchObject({
      line: 7,
      status: 'invalid',
      issues: [{ field: 'articleNumber', message: 'products:csv.duplicateLine' }],
    });
    expect(misfit).toMatchObject({ status: 'invalid' });
    expect(misfit?.status === 'invalid' && misfit.issues.map((i) => i.message)).toEqual([
      'products:ruleFittingType',
      'products:ruleOnlyAccessories',
    ]);
  });

  it('keeps the active flag when the column is empty and reads 0/nein as deactivated', () => {
    const head =
      'article_number;name;kind;unit;dn;pn_bar;fitting_type;accessory;net_price_eur;active';
    const off = [product({ active: false })];
    const keep = previewPriceList(
      `${head}\nS-2SN-10;Hydraulikschlauch 2SN DN10;HOSE;METER;10;330;;;9,30;`,
      off,
      ',',
    );
    expect(keep.ok && keep.lines[0]?.status).toBe('unchanged');
    const nein = previewPriceList(
      `${head}\nS-2SN-10;Hydraulikschlauch 2SN DN10;HOSE;METER;10;330;;;9,30;nein`,
      catalogue,
      ',',
    );
    expect(nein.ok && nein.lines[0]).toMatchObject({
      status: 'changed',
      changes: { active: false },
    });
  });

  it('reads a German price list by its decimal comma: three decimals refused, never thousands', () => {
    const head =
      'article_number;name;kind;unit;dn;pn_bar;fitting_type;accessory;net_price_eur;active';
    const line = (price: string) =>
      `S-2SN-10;Hydraulikschlauch 2SN DN10;HOSE;METER;10;330;;;${price};1`;
    const read = (price: string) => {
      const preview = previewPriceList(`${head}\n${line(price)}`, catalogue, ',');
      if (!preview.ok) throw new Error(preview.message);
      return preview.lines[0];
    };
    for (const price of ['6,845', '12,345', '0,001'])
      expect(read(price)).toMatchObject({
        status: 'invalid',
        issues: [{ field: 'priceCents', message: 'validation:moneyDecimals' }],
      });
    expect(read('1.234,5')).toMatchObject({ status: 'changed', changes: { priceCents: 123450 } });
    expect(read('6,84')).toMatchObject({ status: 'changed', changes: { priceCents: 684 } });
  });

  it('refuses a file without the needed columns', () => {
    expect(previewPriceList('name;price\nx;1', catalogue, ',')).toEqual({
      ok: false,
      message: 'products:csv.missingColumns',
      columns: ['article_number', 'kind', 'unit', 'net_price_eur'],
    });
    expect(previewPriceList('', catalogue, ',')).toEqual({
      ok: false,
      message: 'products:csv.empty',
    });
  });
});
