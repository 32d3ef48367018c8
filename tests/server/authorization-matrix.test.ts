/**
 * The authorization matrix of the content backend: every entity × every verb × five kinds of
 * caller, with the status each must get — and no row of another customer in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import type { CmsEntityName } from '@server/cms/registry';
import { startTestServer, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { entitySamples, type Sample } from '../fixtures/entity-samples';

type Who = 'none' | 'foreignCustomer' | 'customer' | 'staffNoRole' | 'staffWithRole';
const WHO: Who[] = ['none', 'foreignCustomer', 'customer', 'staffNoRole', 'staffWithRole'];

/** The role a staff member needs to write each entity (none = any staff). */
const WRITE_ROLE: Partial<Record<CmsEntityName, string>> = {
  dguvAudit: 'module-dguv',
  dguvAnswer: 'module-dguv',
  signature: 'module-dguv',
  product: 'admin-shop',
  companySettings: 'admin',
  dayPlan: 'ui-admininstrator',
};
const GLOBAL = new Set<CmsEntityName>(['manufacturer', 'product', 'companySettings']);

let s: TestServer;
let admin: ReturnType<typeof cms>;
const samples: Sample[] = entitySamples('authz');
const rows = new Map<CmsEntityName, Record<string, unknown>>();
const companyId = String(samples[0]!.data.id);
const tokens = {} as Record<Exclude<Who, 'none' | 'staffWithRole'>, Actor>;

beforeAll(async () => {
  s = await startTestServer({ DEMO_DATA: 'off' });
  admin = cms(s, await actor(s, { roles: STAFF_ALL }));
  for (const sample of samples) {
    const res = await admin.create(sample.path, sample.data);
    expect(res.statusCode, res.body).toBe(201);
    rows.set(sample.entity, res.json());
  }
  const foreign = uuidv7();
  await admin.create('company', { id: foreign, name: 'Fremdfirma' });
  tokens.foreignCustomer = await actor(s, { customer: foreign });
  tokens.customer = await actor(s, { customer: companyId });
  tokens.staffNoRole = await actor(s, { roles: [] });
});
afterAll(() => s.close());

async function as(who: Who, entity: CmsEntityName): Promise<ReturnType<typeof cms> | null> {
  if (who === 'none') return null;
  if (who === 'staffWithRole') {
    const role = WRITE_ROLE[entity];
    return cms(s, await actor(s, { roles: role ? [role] : ['module-dguv'] }));
  }
  return cms(s, tokens[who]);
}

function expectedRead(who: Who, entity: CmsEntityName): number {
  if (who === 'none') return 401;
  if (who === 'foreignCustomer' && !GLOBAL.has(entity)) return 404;
  // A day plan is for the planners and its technician only (cms/access.ts readFilter).
  if (entity === 'dayPlan' && (who === 'customer' || who === 'staffNoRole')) return 404;
  return 200;
}

function expectedWrite(who: Who, entity: CmsEntityName, ok: number): number {
  if (who === 'none') return 401;
  if (who === 'foreignCustomer' || who === 'customer') return 403;
  if (who === 'staffNoRole' && WRITE_ROLE[entity]) return 403;
  return ok;
}

describe('authorization matrix of /api/cms', () => {
  const cases = samples.flatMap((sample) => WHO.map((who) => ({ sample, who })));

  it.each(cases)('$sample.entity × $who: read, query, update, delete', async ({ sample, who }) => {
    const api = await as(who, sample.entity);
    const row = rows.get(sample.entity)!;
    const id = String(row.id);
    const anon = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      s.app.inject({ method, url: `/api/cms/${url}`, ...(payload ? { payload } : {}) });

    // read by id
    const read = api
      ? await api.read(sample.path, id)
      : await anon('POST', `${sample.path}/read/${id}`, {});
    expect(read.statusCode, 'read').toBe(expectedRead(who, sample.entity));
    if (read.statusCode === 401)
      expect(read.json()).toEqual({ status: 401, code: 'token_invalid', message: 'token invalid' });

    // query: a foreign customer sees none of this customer's rows
    const query = api
      ? await api.query(sample.path, { limit: -1 })
      : await anon('POST', `${sample.path}/query`, { parameter: {} });
    expect(query.statusCode, 'query').toBe(who === 'none' ? 401 : 200);
    if (who === 'foreignCustomer' && !GLOBAL.has(sample.entity)) {
      expect(JSON.stringify(query.json())).not.toContain(companyId);
    }

    // update (PATCH with the sample's change) — a 2xx changes the row, anything else does not
    const patch = api
      ? await api.patch(sample.path, id, sample.patch)
      : await anon('PATCH', `${sample.path}/update/${id}`, { data: sample.patch });
    expect(patch.statusCode, `update ${patch.body}`).toBe(expectedWrite(who, sample.entity, 200));
    if (patch.statusCode === 200) rows.set(sample.entity, patch.json());
    if (patch.statusCode >= 400) expect(JSON.stringify(patch.json())).not.toContain(companyId);

    // delete: refused callers leave the row in place (the allowed case is covered elsewhere)
    if (who !== 'staffWithRole' && !(who === 'staffNoRole' && !WRITE_ROLE[sample.entity])) {
      const del = api
        ? await api.remove(sample.path, id)
        : await anon('DELETE', `${sample.path}/delete/${id}`);
      expect(del.statusCode, 'delete').toBe(expectedWrite(who, sample.entity, 200));
      expect((await admin.read(sample.path, id)).statusCode).toBe(200);
    }
  });

  it.each(samples.flatMap((sample) => WHO.map((who) => ({ sample, who }))))(
    '$sample.entity × $who: create',
    async ({ sample, who }) => {
      const api = await as(who, sample.entity);
      const { id: _id, ...data } = sample.data;
      // A fresh copy so unique fields stay unique.
      const body = {
        ...data,
        ...(sample.entity === 'pipe' ? { code: `AZ-${uuidv7().slice(-6)}` } : {}),
        ...(sample.entity === 'manufacturer' ? { name: `M ${uuidv7()}` } : {}),
        ...(sample.entity === 'product' ? { articleNumber: `AZ-${uuidv7().slice(-8)}` } : {}),
      };
      const res = api
        ? await api.create(sample.path, body)
        : await s.app.inject({
            method: 'POST',
            url: `/api/cms/${sample.path}/create`,
            payload: { data: body },
          });
      let ok = 201;
      if (sample.entity === 'companySettings' || sample.entity === 'dguvAudit') ok = 409; // one settings row; one running audit per user → see cms-crud
      if (
        sample.entity === 'dguvAnswer' ||
        sample.entity === 'dguvAudit' ||
        sample.entity === 'companySettings'
      ) {
        const status = expectedWrite(who, sample.entity, ok);
        if (status >= 400 && status !== 409) expect(res.statusCode).toBe(status);
        return;
      }
      expect(res.statusCode, res.body).toBe(expectedWrite(who, sample.entity, ok));
    },
  );
});
