/**
 * Two instances on one PostgreSQL database, each with a data directory of its own (two
 * machines): a photo uploaded to one and the approved report are served by the other with
 * the same bytes and the same ETag (docs/operations.md "File store").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '@server/config';
import { REGISTRY } from '@server/cms/registry';
import { freshPostgres, running, type TestServer } from '../helpers/server';
import { mintToken } from '../helpers/tokens';
import { multipart, tinyPng } from '../helpers/files';

const url = inject('databaseUrl');

describe.runIf(url)('two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let drop = async () => undefined as void;
  const dirs: string[] = [];
  let token = '';

  const start = (dbUrl: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sm-instance-'));
    dirs.push(dir);
    return running(
      loadConfig({
        DATABASE_URL: dbUrl,
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        DIST_DIR: path.join(dir, 'no-dist'),
      }),
      {},
    );
  };

  beforeAll(async () => {
    const pg = await freshPostgres(url);
    drop = pg.drop;
    [a, b] = await Promise.all([start(pg.url), start(pg.url)]);
    token = await mintToken(a, { claims: { realm_access: { roles: ['admin'] } } });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const get = (s: TestServer, u: string) =>
    s.app.inject({ method: 'GET', url: u, headers: { authorization: `Bearer ${token}` } });

  it('serves a photo uploaded to one instance from the other, with the same ETag', async () => {
    const machine = await sql<{ id: string }>`select id from ${sql.table(REGISTRY.machine.table)}
      where deleted_at is null limit 1`.execute(a.db.kysely);
    const id = machine.rows[0]!.id;
    const png = tinyPng();
    const { payload, headers } = multipart([
      { name: 'file', value: png, filename: 'foto.png', type: 'image/png' },
    ]);
    const up = await a.app.inject({
      method: 'POST',
      url: `/api/cms/machine/${id}/file`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(up.statusCode).toBe(201);
    const fromA = await get(a, `/api/cms/machine/${id}/file`);
    const fromB = await get(b, `/api/cms/machine/${id}/file`);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload).toEqual(png);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    expect(fromB.headers.etag).toBe(`"${up.json<{ sha256: string }>().sha256}"`);
  });

  it('serves the signed approved report from either instance with the same bytes and ETag', async () => {
    const audit = await sql<{
      id: string;
      signatureId: string;
    }>`select id, signature_id as "signatureId"
      from ${sql.table(REGISTRY.dguvAudit.table)} where state = 'APPROVED' limit 1`.execute(
      b.db.kysely,
    );
    const { id } = audit.rows[0]!;
    // The signature's image is in the shared store, not on either instance's disk.
    const signature = await get(
      b,
      `/api/cms/${REGISTRY.signature.path}/${audit.rows[0]!.signatureId}/file`,
    );
    expect(signature.statusCode).toBe(200);
    expect(signature.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const fromB = await get(b, `/api/cms/audit/dguv/${id}`);
    const fromA = await get(a, `/api/cms/audit/dguv/${id}`);
    expect(fromB.statusCode).toBe(200);
    expect(fromA.headers.etag).toBe(fromB.headers.etag);
    expect(fromA.rawPayload).toEqual(fromB.rawPayload);
  }, 60_000);
});
