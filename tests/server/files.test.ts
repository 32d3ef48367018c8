/**
 * docs/api.md file calls through the real server: upload (type by content, 10 MiB, idempotent),
 * download (headers, access_token, ETag), and scope: other customers see nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { mintToken } from '../helpers/tokens';
import { uuidv7 } from '@domain/ids';
import { multipart, tinyJpeg, tinyPng, type Part } from '../helpers/files';
import { purgeUnboundUploads } from '@server/modules/files/files.service';
import { incomingDir } from '@server/modules/files/files.routes';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const subOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string })
    .sub;

const PNG = tinyPng();
const JPEG = tinyJpeg();
const COMPANY_A = '01936b2e-0000-7000-8000-0000000f0a01';
const COMPANY_B = '01936b2e-0000-7000-8000-0000000f0b01';
const MACHINE = '01936b2e-0000-7000-8000-0000000f0a02';
const MACHINE_B = '01936b2e-0000-7000-8000-0000000f0b02';
const DOCUMENT = '01936b2e-0000-7000-8000-0000000f0a03';
const SETTINGS = '01936b2e-0000-7000-8000-0000000f0c01';

describe.each(testDatabases())('on $name', ({ env }) => {
  let s: TestServer;
  let staff: string;
  let admin: string;
  let customerA: string;
  let customerB: string;

  async function seed() {
    const now = new Date().toISOString();
    const base = { version: 1, createdAt: now, updatedAt: now, deletedAt: null };
    const db = s.db.kysely.withTables<Record<string, Record<string, unknown>>>();
    const manufacturer = '01936b2e-0000-7000-8000-0000000f0d01';
    await db
      .insertInto('manufacturer')
      .values({ ...base, id: manufacturer, name: 'Hersteller' })
      .execute();
    for (const [id, name] of [
      [COMPANY_A, 'Kunde A'],
      [COMPANY_B, 'Kunde B'],
    ] as const) {
      await db
        .insertInto('company')
        .values({ ...base, id, companyId: id, name })
        .execute();
    }
    for (const [id, companyId] of [
      [MACHINE, COMPANY_A],
      [MACHINE_B, COMPANY_B],
    ] as const) {
      await db
        .insertInto('machine')
        .values({
          ...base,
          id,
          companyId,
          manufacturerId: manufacturer,
          internalId: 'M-1',
          dguvInterval: 'YEAR',
          dguvIntervalCritical: 'HALFYEAR',
        })
        .execute();
    }
    await db
      .insertInto('document')
      .values({
        ...base,
        id: DOCUMENT,
        companyId: COMPANY_A,
        machineId: MACHINE,
        kind: 'DOCUMENT',
        name: 'Plan.pdf',
        mimeType: 'application/pdf',
        size: 9,
        fileId: 'pending',
      })
      .execute();
    await db
      .insertInto('companySettings')
      .values({
        ...base,
        id: SETTINGS,
        companyId: null,
        name: 'Service GmbH',
        pipeCodePrefix: 'SM',
        assemblySurchargeCents: 0,
        defaultDguvInterval: 'YEAR',
        defaultDguvIntervalCritical: 'HALFYEAR',
        refresherYears: 3,
        codesStayWithPosition: 0,
      })
      .execute();
  }

  beforeAll(async () => {
    s = await startTestServer(env);
    await seed();
    staff = await mintToken(s);
    admin = await mintToken(s, { claims: { realm_access: { roles: ['admin'] } } });
    const customer = (id: string) =>
      mintToken(s, { claims: { customer_id: id, realm_access: { roles: [] } } });
    customerA = await customer(COMPANY_A);
    customerB = await customer(COMPANY_B);
  });
  afterAll(() => s.close());

  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

  function upload(url: string, token: string | undefined, parts: Part[]) {
    const { payload, headers } = multipart(parts);
    return s.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...auth(token) } });
  }
  const filePart = (value: Buffer, filename: string, type: string): Part => ({
    name: 'file',
    value,
    filename,
    type,
  });
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });

  const machineFile = `/api/cms/machine/${MACHINE}/file`;
  /** The keys the file store holds under a prefix (whichever store the server runs on). */
  const blobs = () => s.app.fileStore!.blobs;
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const key of blobs().list(prefix)) keys.push(key);
    return keys.sort();
  };
  const incoming = () =>
    existsSync(incomingDir(s.config.dataDir)) ? readdirSync(incomingDir(s.config.dataDir)) : [];

  describe('upload and download', () => {
    let pngId = '';

    it('stores a PNG and answers its file row', async () => {
      const res = await upload(machineFile, staff, [filePart(PNG, 'Schlauch.png', 'image/png')]);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        name: 'Schlauch.png',
        mimeType: 'image/png',
        size: PNG.length,
        sha256: sha(PNG),
      });
      expect(Object.keys(body).sort()).toEqual([
        'createdAt',
        'id',
        'mimeType',
        'name',
        'sha256',
        'size',
      ]);
      pngId = body.id;
      expect(await blobs().get(`${COMPANY_A}/${pngId}`)).toEqual(PNG);
    });

    it('serves it by the row id with type, disposition, no caching (a customer file) and ETag', async () => {
      const res = await get(machineFile, staff);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(PNG);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'content-disposition': 'inline; filename="Schlauch.png"',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        etag: `"${sha(PNG)}"`,
      });
    });

    it('takes the token from ?access_token= and answers 304 for a current ETag', async () => {
      const res = await get(`${machineFile}?access_token=${staff}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload).toEqual(PNG);
      const again = await get(machineFile, staff, { 'if-none-match': `"${sha(PNG)}"` });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('keeps one copy when the same bytes come again', async () => {
      const res = await upload(machineFile, staff, [filePart(PNG, 'again.png', 'image/png')]);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(pngId);
      const rows = await s.db.kysely
        .selectFrom('file')
        .selectAll()
        .where('sha256', '=', sha(PNG))
        .execute();
      expect(rows).toHaveLength(1);
      expect(await keysUnder(`${COMPANY_A}/`)).toEqual([`${COMPANY_A}/${pngId}`]);
    });

    it.each([
      ['poly.html', PNG, 'image/png', 'poly.png'],
      ['bild', PNG, 'image/png', 'bild.png'],
      ['scan.JPEG', JPEG, 'image/jpeg', 'scan.JPEG'],
      ['foto.png', JPEG, 'image/jpeg', 'foto.jpg'],
    ] as const)('keeps %s with the extension of what it is', async (name, bytes, type, kept) => {
      const own = `/api/cms/machine/${uuidv7()}/file`; // a row still to come: stored unbound
      const res = await upload(own, staff, [filePart(bytes, name, 'image/png')]);
      expect(res.statusCode, res.body).toBeLessThan(300);
      const id = res.json<{ id: string }>().id;
      const stored = await s.db.kysely
        .selectFrom('file')
        .select(['name', 'mimeType'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ name: kept, mimeType: type });
      await s.db.kysely.deleteFrom('file').where('id', '=', id).execute();
    });

    it('stores a JPEG, which then is the newest file of the machine', async () => {
      const res = await upload(machineFile, staff, [
        filePart(JPEG, 'Foto Ölfilter.jpg', 'image/jpeg'),
      ]);
      expect(res.statusCode).toBe(201);
      const dl = await get(machineFile, staff);
      expect(dl.rawPayload).toEqual(JPEG);
      expect(dl.headers['content-type']).toBe('image/jpeg');
      expect(dl.headers['content-disposition']).toBe(
        `inline; filename="Foto _lfilter.jpg"; filename*=UTF-8''Foto%20%C3%96lfilter.jpg`,
      );
    });

    it('serves a file by its uploader: the uploader and staff, not another customer', async () => {
      const uploaded = await upload(`/api/cms/machine/${MACHINE}/file`, staff, [
        filePart(PNG, 'x.png', 'image/png'),
      ]);
      const url = `/api/cms/machine/download/${subOf(staff)}/${uploaded.json().id}/file`;
      expect((await get(url, staff)).rawPayload).toEqual(PNG);
      expect((await get(url, admin)).statusCode).toBe(200);
      expect((await get(url, customerA)).statusCode).toBe(404);
      const wrongUser = `/api/cms/machine/download/${subOf(admin)}/${uploaded.json().id}/file`;
      expect((await get(wrongUser, admin)).statusCode).toBe(404);
    });

    it('serves the singleton settings logo at {entity}/file', async () => {
      const res = await upload(`/api/cms/settings/${SETTINGS}/file`, admin, [
        filePart(PNG, 'logo.png', 'image/png'),
      ]);
      expect(res.statusCode).toBe(201);
      const dl = await get('/api/cms/settings/file', customerB);
      expect(dl.statusCode).toBe(200);
      expect(dl.rawPayload).toEqual(PNG);
      expect(await blobs().stat(`global/${res.json().id}`)).toMatchObject({ size: PNG.length });
    });

    it('accepts a PDF for a machine document (on the document or its machine) only', async () => {
      const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
      const doc = await upload(`/api/cms/document/${DOCUMENT}/file`, staff, [
        filePart(pdf, 'Plan.pdf', 'application/pdf'),
      ]);
      expect(doc.statusCode).toBe(201);
      expect(doc.json().mimeType).toBe('application/pdf');
      const onMachine = await upload(machineFile, staff, [
        filePart(pdf, 'Plan.pdf', 'application/pdf'),
      ]);
      expect(onMachine.statusCode).toBe(201);
      const logo = await upload(`/api/cms/company/${COMPANY_A}/file`, staff, [
        filePart(pdf, 'Plan.pdf', 'application/pdf'),
      ]);
      expect(logo.statusCode).toBe(415);
    });
  });

  describe('refused uploads', () => {
    const GIF = Buffer.from(
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
      'latin1',
    );

    it.each([
      ['a GIF', GIF, 'bild.gif', 'image/gif'],
      ['a text file named .png', Buffer.from('not an image'), 'fake.png', 'image/png'],
    ])('refuses %s with 415', async (_name, bytes, filename, type) => {
      const res = await upload(machineFile, staff, [filePart(bytes, filename, type)]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        status: 415,
        code: 'unsupported_type',
        message: 'JPG, PNG or PDF only',
      });
    });

    it('refuses more than 10 MiB with 413 and leaves no partial file', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
      const before = await keysUnder(`${COMPANY_A}/`);
      const res = await upload(machineFile, staff, [filePart(big, 'big.png', 'image/png')]);
      expect(res.statusCode).toBe(413);
      expect(await keysUnder(`${COMPANY_A}/`)).toEqual(before);
      expect(incoming()).toEqual([]);
    });

    it('needs a file', async () => {
      const res = await upload(machineFile, staff, [{ name: 'kind', value: 'photo' }]);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('uploads for rows not created yet', () => {
    const NEW_MACHINE = '01936b2e-0000-7000-8000-0000000f0a09';
    const newFile = `/api/cms/machine/${NEW_MACHINE}/file`;
    const fileRow = (id: string) =>
      s.db.kysely.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst();
    const createMachine = (id: string, photo?: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/cms/machine/create',
        headers: auth(staff),
        payload: {
          data: {
            id,
            companyId: COMPANY_A,
            manufacturerId: '01936b2e-0000-7000-8000-0000000f0d01',
            internalId: 'M-NEU',
            ...(photo ? { photo } : {}),
          },
        },
      });

    it('stores the upload unbound, serves nothing until the create binds it to its customer', async () => {
      const res = await upload(newFile, staff, [filePart(JPEG, 'neu.jpg', 'image/jpeg')]);
      expect(res.statusCode).toBe(201);
      const id = res.json<{ id: string }>().id;
      expect(await fileRow(id)).toMatchObject({
        entity: 'machine',
        entityId: NEW_MACHINE,
        companyId: null,
        boundAt: null,
        storagePath: `unbound/${id}`,
      });
      expect((await get(newFile, staff)).statusCode).toBe(404);
      // The same bytes again (a retry) are the same file.
      const again = await upload(newFile, staff, [filePart(JPEG, 'neu.jpg', 'image/jpeg')]);
      expect(again.statusCode).toBe(200);
      expect(again.json<{ id: string }>().id).toBe(id);

      expect((await createMachine(NEW_MACHINE, id)).statusCode).toBe(201);
      expect(await fileRow(id)).toMatchObject({
        companyId: COMPANY_A,
        boundAt: expect.any(String),
      });
      const served = await get(newFile, staff);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(JPEG);
    });

    it('refuses an unknown id to a customer, and a deleted or foreign row stays 404', async () => {
      const unknown = '/api/cms/machine/01936b2e-0000-7000-8000-0000000f0a0a/file';
      const png = () => [filePart(tinyPng(), 'c.png', 'image/png')];
      expect((await upload(unknown, customerA, png())).statusCode).toBe(404);
      expect((await upload('/api/cms/machine/not-a-uuid/file', staff, png())).statusCode).toBe(404);
      expect(
        (await upload(`/api/cms/machine/${MACHINE_B}/file`, customerA, png())).statusCode,
      ).toBe(404);
      const gone = '01936b2e-0000-7000-8000-0000000f0a0b';
      expect((await createMachine(gone)).statusCode).toBe(201);
      const del = await s.app.inject({
        method: 'DELETE',
        url: `/api/cms/machine/delete/${gone}`,
        headers: auth(staff),
      });
      expect(del.statusCode).toBe(200);
      expect((await upload(`/api/cms/machine/${gone}/file`, staff, png())).statusCode).toBe(404);
    });

    it('purges unbound uploads after a week, bytes included, and keeps bound ones', async () => {
      const waiting = '/api/cms/machine/01936b2e-0000-7000-8000-0000000f0a0c/file';
      const res = await upload(waiting, staff, [filePart(tinyPng(), 'w.png', 'image/png')]);
      const id = res.json<{ id: string }>().id;
      const bytes = `unbound/${id}`;
      expect(await blobs().stat(bytes)).not.toBeNull();
      const store = s.app.fileStore!;
      expect(await purgeUnboundUploads(store, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
      expect(await purgeUnboundUploads(store, new Date(Date.now() + 8 * 86_400_000))).toBe(1);
      expect(await fileRow(id)).toBeUndefined();
      expect(await blobs().stat(bytes)).toBeNull();
      expect((await get(newFile, staff)).statusCode).toBe(200); // bound above: kept
    });
  });

  describe('scope', () => {
    it('answers 404 to a customer of another company, for upload and download', async () => {
      expect(
        (await upload(machineFile, customerB, [filePart(PNG, 'a.png', 'image/png')])).statusCode,
      ).toBe(404);
      expect((await get(machineFile, customerB)).statusCode).toBe(404);
      expect((await get(`${machineFile}?access_token=${customerB}`)).statusCode).toBe(404);
    });

    it('lets a customer of the owning company download but not upload', async () => {
      expect((await get(machineFile, customerA)).statusCode).toBe(200);
      const res = await upload(machineFile, customerA, [filePart(tinyPng(), 'b.png', 'image/png')]);
      expect(res.statusCode).toBe(403);
    });

    it('answers 404 for an unknown row and for a row without files', async () => {
      expect(
        (await get(`/api/cms/machine/01936b2e-0000-7000-8000-0000000fffff/file`, staff)).statusCode,
      ).toBe(404);
      expect((await get(`/api/cms/machine/${MACHINE_B}/file`, staff)).statusCode).toBe(404);
    });

    it('needs a token', async () => {
      expect((await get(machineFile)).statusCode).toBe(401);
      expect(
        (await upload(machineFile, undefined, [filePart(PNG, 'a.png', 'image/png')])).statusCode,
      ).toBe(401);
    });
  });
});
