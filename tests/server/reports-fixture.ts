/**
 * Shared set-up of the report tests: a customer with a located machine, the service company's
 * letterhead with a logo, helpers to upload files, and the PDF readers of tests/helpers/pdf.ts.
 */
import { expect } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { multipart } from '../helpers/files';
import { popplerFonts } from '../helpers/pdf';
import type { TestServer } from '../helpers/server';

export interface ReportWorld {
  staff: ReturnType<typeof cms>;
  staffActor: Actor;
  company: string;
  other: string;
  machine: string;
  manufacturer: string;
  location: string;
}

export async function ok<T extends { statusCode: number; body: string }>(res: Promise<T>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r;
}

/** POST {entityPath}/{rowId}/file with the client's file id; returns that id. */
export async function upload(
  s: TestServer,
  who: Actor,
  entityPath: string,
  rowId: string,
  file: { bytes: Buffer; name: string; type: string; id?: string },
): Promise<string> {
  const id = file.id ?? uuidv7();
  const { payload, headers } = multipart([
    { name: 'id', value: id },
    { name: 'file', value: file.bytes, filename: file.name, type: file.type },
  ]);
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/cms/${entityPath}/${rowId}/file`,
    payload,
    headers: { ...headers, authorization: `Bearer ${who.token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

export async function buildWorld(s: TestServer, logo: Buffer): Promise<ReportWorld> {
  const staffActor = await actor(s, { roles: STAFF_ALL });
  const staff = cms(s, staffActor);
  const w: ReportWorld = {
    staff,
    staffActor,
    company: uuidv7(),
    other: uuidv7(),
    machine: uuidv7(),
    manufacturer: uuidv7(),
    location: uuidv7(),
  };
  const settings = uuidv7();
  await ok(
    staff.create('settings', {
      id: settings,
      name: 'Hydraulik Service Nord GmbH',
      street: 'Hafenstraße',
      houseNr: '12',
      zip: '20457',
      city: 'Hamburg',
      pipeCodePrefix: 'SN',
    }),
  );
  const logoId = await upload(s, staffActor, 'settings', settings, {
    bytes: logo,
    name: 'logo.png',
    type: 'image/png',
  });
  await ok(staff.patch('settings', settings, { logo: logoId }));
  await ok(
    staff.create('company', {
      id: w.company,
      name: 'Müller Stahlbau KG',
      customerNumber: 'K-4711',
    }),
  );
  await ok(staff.create('company', { id: w.other, name: 'Fremdfirma AG' }));
  await ok(staff.create('manufacturer', { id: w.manufacturer, name: 'Liebherr' }));
  await ok(
    staff.create('company/location', {
      id: w.location,
      companyId: w.company,
      street: 'Werkstraße',
      houseNumber: '7',
      zip: '28195',
      city: 'Bremen',
    }),
  );
  await ok(
    staff.create('machine', {
      id: w.machine,
      companyId: w.company,
      manufacturerId: w.manufacturer,
      machineType: 'LH 22 Industry',
      internalId: 'INV-0815',
      locationId: w.location,
      positionOnLocation: 'Halle 3',
    }),
  );
  return w;
}

/** GET a report as a user: bearer header, or the `access_token` query parameter. */
export function download(s: TestServer, url: string, token?: string, query = false) {
  const q = token && query ? `?access_token=${token}` : '';
  return s.app.inject({
    method: 'GET',
    url: `${url}${q}`,
    headers: token && !query ? { authorization: `Bearer ${token}` } : {},
  });
}

export { pdfImages, pdfPages, pdfText } from '../helpers/pdf';

/**
 * Every font of a PDF the server made is embedded, as `pdffonts` sees it (an archived report
 * prints the same anywhere); skipped where poppler is not installed.
 */
export async function expectFontsEmbedded(pdf: Buffer): Promise<void> {
  const fonts = await popplerFonts(pdf);
  if (!fonts) return;
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((f) => !f.embedded)).toEqual([]);
  expect(fonts.map((f) => f.name).join(' ')).not.toMatch(/Helvetica/);
}
