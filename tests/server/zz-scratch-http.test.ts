// TEMPORARY scratch: real sockets.
import { vi, it, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
vi.mock('../../server/src/modules/public/public-config.routes', async (importOriginal) => {
  const orig =
    await importOriginal<typeof import('../../server/src/modules/public/public-config.routes')>();
  const files = await import('../../server/src/modules/files/files.routes');
  return {
    ...orig,
    publicConfigRoutes: (
      app: FastifyInstance,
      deps: Parameters<typeof orig.publicConfigRoutes>[1],
    ) => {
      void files.registerFileSupport(app);
      files.fileRoutes(app, { db: deps.db.kysely, dataDir: deps.config.dataDir });
      return orig.publicConfigRoutes(app, deps);
    },
  };
});
vi.mock('../../server/src/cms/cms.routes', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../server/src/cms/cms.routes')>();
  const files = await import('../../server/src/modules/files/files.routes');
  return {
    ...orig,
    cmsRoutes: (app: FastifyInstance, deps: Parameters<typeof orig.cmsRoutes>[1]) =>
      orig.cmsRoutes(app, { ...deps, tailHandlers: [files.handleFileRequest] }),
  };
});
import { startTestServer } from '../helpers/server';
import { mintToken } from '../helpers/tokens';

it('real http', async () => {
  const s = await startTestServer();
  const now = new Date().toISOString();
  const base = { version: 1, createdAt: now, updatedAt: now, deletedAt: null };
  const db = s.db.kysely.withTables<Record<string, Record<string, unknown>>>();
  const C = '01936b2e-0000-7000-8000-0000000f0a01',
    M = '01936b2e-0000-7000-8000-0000000f0a02',
    MF = '01936b2e-0000-7000-8000-0000000f0d01';
  await db
    .insertInto('manufacturer')
    .values({ ...base, id: MF, name: 'H' })
    .execute();
  await db
    .insertInto('company')
    .values({ ...base, id: C, companyId: C, name: 'A' })
    .execute();
  await db
    .insertInto('machine')
    .values({
      ...base,
      id: M,
      companyId: C,
      manufacturerId: MF,
      internalId: 'x',
      dguvInterval: 'YEAR',
      dguvIntervalCritical: 'YEAR',
    })
    .execute();
  const addr = await s.app.listen({ port: 0, host: '127.0.0.1' });
  const staff = await mintToken(s);
  const cust = await mintToken(s, { claims: { customer_id: C, realm_access: { roles: [] } } });
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const send = async (token: string, size: number) => {
    const fd = new FormData();
    fd.append(
      'file',
      new Blob([Buffer.concat([png, Buffer.alloc(size)])], { type: 'image/png' }),
      'a.png',
    );
    const r = await fetch(`${addr}/api/cms/machine/${M}/file`, {
      method: 'POST',
      body: fd,
      headers: { authorization: `Bearer ${token}` },
    });
    return [r.status, await r.text()];
  };
  console.log('big', await send(staff, 11 * 1024 * 1024));
  console.log('cust big', await send(cust, 11 * 1024 * 1024));
  console.log('ok', await send(staff, 100));
  console.log('ok again', await send(staff, 100));
  const r = await fetch(`${addr}/api/cms/machine/${M}/file?access_token=${staff}`);
  console.log('dl', r.status, [...r.headers.entries()], (await r.arrayBuffer()).byteLength);
  await s.close();
  expect(1).toBe(1);
});
