/**
 * The entity tables' Kysely types (server/src/db/entity-tables.ts) follow the registry's zod
 * row schemas the way fields.ts stores them. The type assertions are checked by the
 * typecheck (`npm run typecheck`); the queries run against a real database.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Kysely, Selectable } from 'kysely';
import type { CmsEntityName } from '@server/cms/registry';
import { REGISTRY } from '@server/cms/registry';
import type { findVisible } from '@server/cms/rows';
import { rowFromDb, type RowOf, type UntypedRow } from '@server/cms/rows';
import type { EntityRow, EntityTables, StoredColumns, StoredValue } from '@server/db/entity-tables';
import type { Database, EntityStoreDb } from '@server/db/schema';
import type { EntityName } from '@domain/entities';
import type { DguvAnswerValue } from '@domain/schemas/dguv-answer';
import type { AuditState } from '@domain/schemas/enums';
import { uuidv7 } from '@domain/ids';
import { startTestServer, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL } from '../helpers/cms';

type Pipe = Selectable<EntityTables['pipe']>;
type Answer = Selectable<EntityTables['dguvAnswer']>;
type Audit = Selectable<EntityTables['dguvAudit']>;

describe('entity table types', () => {
  it('has one table per CMS entity, columns stored as fields.ts stores them', () => {
    expectTypeOf<keyof EntityTables>().toEqualTypeOf<CmsEntityName>();
    expectTypeOf<Pipe['code']>().toEqualTypeOf<string>();
    expectTypeOf<Pipe['isCritical']>().toEqualTypeOf<number>(); // boolean as 0/1
    expectTypeOf<Pipe['maxPn']>().toEqualTypeOf<number | null>();
    expectTypeOf<Pipe['comment']>().toEqualTypeOf<string | null>();
    expectTypeOf<Pipe['changeSeq']>().toEqualTypeOf<number>();
    expectTypeOf<Pipe['fieldVersions']>().toEqualTypeOf<string>();
    expectTypeOf<Answer['answer']>().toEqualTypeOf<string>(); // JSON as text
    expectTypeOf<Answer['replaceHose']>().toEqualTypeOf<number>();
    expectTypeOf<Audit['state']>().toEqualTypeOf<AuditState>();
    expectTypeOf<Audit['signatureId']>().toEqualTypeOf<string | null>();
  });

  it('has the sync tables beside the entity tables (typecheck)', () => {
    type Client = Selectable<Database['syncClient']>;
    type Answered = Selectable<Database['syncMutation']>;
    expectTypeOf<Client['clientId']>().toEqualTypeOf<string>();
    expectTypeOf<Client['userId']>().toEqualTypeOf<string>();
    expectTypeOf<Answered['answer']>().toEqualTypeOf<string>();
    expectTypeOf<Selectable<Database['changeCounter']>['id']>().toEqualTypeOf<number>();
    // The entity store's view: the same tables, entity columns by the registry's field names.
    expectTypeOf<EntityStoreDb['syncClient']>().toEqualTypeOf<Database['syncClient']>();
    expectTypeOf<EntityStoreDb['pipe']>().toEqualTypeOf<StoredColumns>();
    expectTypeOf<StoredColumns[string]>().toEqualTypeOf<StoredValue>();
  });

  it('reads typed rows where the entity is known, a union of typed rows where it is not (typecheck)', () => {
    type Audit = NonNullable<Awaited<ReturnType<typeof findVisible<'dguvAudit'>>>>;
    expectTypeOf<Audit>().toEqualTypeOf<EntityRow<'dguvAudit'>>();
    expectTypeOf<Audit['state']>().toEqualTypeOf<AuditState>();
    expectTypeOf(rowFromDb(REGISTRY.dguvAnswer, {}).answer).toEqualTypeOf<DguvAnswerValue[]>();
    expectTypeOf(rowFromDb(REGISTRY.pipe, {}).isCritical).toEqualTypeOf<boolean>();
    expectTypeOf<RowOf<'pipe' | 'machine'>>().toEqualTypeOf<
      EntityRow<'pipe'> | EntityRow<'machine'>
    >();
    // A row of an entity chosen at run time is one of the typed rows, never a bag of unknowns.
    expectTypeOf<RowOf<EntityName>>().not.toEqualTypeOf<UntypedRow>();
  });

  it('refuses a column the schema does not have (typecheck)', () => {
    const query = (db: Kysely<Database>) =>
      // @ts-expect-error: pipes have no such column
      db.selectFrom('pipe').select('noSuchColumn');
    expect(typeof query).toBe('function');
  });
});

describe('typed queries on the entity tables', () => {
  let s: TestServer;
  const company = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off' });
    const api = cms(s, await actor(s, { roles: STAFF_ALL }));
    expect((await api.create('company', { id: company, name: 'Typed GmbH' })).statusCode).toBe(201);
  });
  afterAll(() => s.close());

  it('reads a row through the typed handle with the stored column values', async () => {
    const row = await s.db.kysely
      .selectFrom('company')
      .select(['id', 'name', 'version', 'changeSeq', 'deletedAt'])
      .where('id', '=', company)
      .executeTakeFirstOrThrow();
    expectTypeOf(row.name).toEqualTypeOf<string>();
    expect(row).toMatchObject({ id: company, name: 'Typed GmbH', version: 1, deletedAt: null });
    expect(Number(row.changeSeq)).toBeGreaterThan(0);
  });
});
