/**
 * The generic content backend (docs/api.md) over the entity registry: create, read, singleton
 * read, PUT/PATCH update, soft delete and query — one code path for every entity, each write
 * in one transaction with its rule checks (entity-rules.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { ENTITY_SCHEMAS } from '@domain/entities';
import { UNLIMITED, type QueryBody } from '@domain/contract';
import { uuidv7 } from '@domain/ids';
import type { Db } from '../db/database';
import { runCompiled } from '../db/compiled-once';
import type { EntityStoreDb } from '../db/schema';
import type { AuthUser } from '../plugins/auth';
import { HttpError, parseOr400 } from '../plugins/errors';
import { canWrite, readFilter, type WriteOp, scopeCompany } from './access';
import { beforeCreate, beforeDelete, beforeUpdate, parentMissing } from './entity-rules';
import { groupExpr, orderColumns } from './query-builder';
import { REGISTRY, REFERENCE_FIELDS, type CmsEntityName, type EntityDef } from './registry';
import { ANSWER_LIMITS, answerTooLarge, shapeRows, type AnswerRow } from './response';
import type { FieldVersions } from '../sync/change-seq';
import {
  fieldVersionsOf,
  insertEntity,
  nextVersion,
  pushOrigin,
  tombstoneEntities,
  updateEntity,
} from './entity-store';
import {
  entityRowFromDb,
  fieldValue,
  findVisible,
  findVisibleRow,
  rowFromDb,
  type StoreKysely,
  type UntypedRow,
} from './rows';
import type { EntityRow } from '../db/entity-tables';

/**
 * A client's create or update body (`data`) as the request carried it: field name → value,
 * nothing known until the entity's schema has validated it — the one place the CMS holds an
 * untyped row.
 */
export type RequestBody = UntypedRow;

/**
 * Entity `E`'s schemas as parsers typed by `E`. `ENTITY_SCHEMAS[def.name]` is typed as the
 * union of every entity's schemas (TypeScript does not tie it to `E`); what `E`'s row schema
 * parses to is `EntityRow<E>` by definition (db/entity-tables.ts), said here once.
 */
function parsersOf<E extends CmsEntityName>(def: EntityDef<E>) {
  const schemas = ENTITY_SCHEMAS[def.name];
  return {
    row: (candidate: object) => parseOr400(schemas.row, candidate) as EntityRow<E>,
    create: (body: RequestBody): object => parseOr400(schemas.create, body),
    change: (body: RequestBody, partial: boolean): object =>
      parseOr400(partial ? schemas.update : fullUpdateSchema(schemas.create), body),
  };
}

export const notFound = () => new HttpError(404, 'not_found', 'no data');

/** PUT replaces every field: the create schema without the id and the scope key. */
function fullUpdateSchema(create: z.ZodObject): z.ZodObject {
  const mask: Record<string, true> = {};
  for (const k of ['id', 'companyId']) if (k in create.shape) mask[k] = true;
  return create.omit(mask);
}

/**
 * Concurrent edits merge per field (docs/sync.md): a change made on `baseVersion` conflicts only
 * in the fields someone else changed since, to a different value than this one sends.
 */
function assertNoConflict(
  current: { version: number },
  changes: object,
  versions: FieldVersions,
  baseVersion?: number,
) {
  if (baseVersion === undefined || baseVersion >= current.version) return;
  const fields = Object.keys(changes).filter(
    (f) =>
      (versions[f] ?? 1) > baseVersion &&
      JSON.stringify(fieldValue(changes, f) ?? null) !==
        JSON.stringify(fieldValue(current, f) ?? null),
  );
  if (fields.length > 0) {
    throw new HttpError(409, 'conflict', 'the row was changed meanwhile', undefined, {
      serverRow: current,
      fields,
    });
  }
}

function assertWritable(user: AuthUser, def: EntityDef, op: WriteOp = 'create') {
  if (!canWrite(user, def, op)) throw new HttpError(403, 'forbidden', 'not allowed');
}

export class CmsService {
  constructor(
    private readonly db: Db,
    /** Longest one statement of a content query may run on PostgreSQL (config.ts). */
    private readonly queryTimeoutMs = 5_000,
  ) {}

  private get k(): Kysely<EntityStoreDb> {
    return this.db.store;
  }

  /** Runs `fn` in the caller's transaction (idempotent writes, sync push) or a new one. */
  private inTx<T>(tx: StoreKysely | undefined, fn: (tx: StoreKysely) => Promise<T>): Promise<T> {
    return tx ? fn(tx) : this.k.transaction().execute(fn);
  }

  /** The company a new row belongs to, taken from its parent — never trusted from the body. */
  private async scopeFor(
    tx: StoreKysely,
    user: AuthUser,
    def: EntityDef,
    data: object,
    id: string,
  ) {
    if (def.scope !== 'company') return null;
    if (def.name === 'company') return id;
    const parentField = def.parentField ?? 'companyId';
    const parentEntity = REFERENCE_FIELDS[parentField];
    if (!parentEntity) return null;
    const parent = await findVisible(
      tx,
      user,
      REGISTRY[parentEntity],
      String(fieldValue(data, parentField)),
    );
    if (!parent) throw parentMissing(def, parentField);
    const company = parentEntity === 'company' ? String(parent.id) : String(parent.companyId);
    const sent = fieldValue(data, 'companyId');
    if (sent !== undefined && sent !== company) {
      throw new HttpError(400, 'validation', 'validation:format', 'companyId');
    }
    return company;
  }

  /** On create, the parent reference scopeFor has looked up already (live, visible). */
  private parentChecked(def: EntityDef): string | null {
    if (def.scope !== 'company' || def.name === 'company') return null;
    const parentField = def.parentField ?? 'companyId';
    return REFERENCE_FIELDS[parentField] ? parentField : null;
  }

  /** Every other reference must point to a live row of the same customer (or a global row). */
  private async checkReferences(
    tx: StoreKysely,
    user: AuthUser,
    def: EntityDef,
    row: { companyId: string | null },
    checked: string | null = null,
  ) {
    for (const rel of Object.values(def.relations)) {
      if (rel.kind !== 'belongsTo' || rel.foreignKey === 'companyId') continue;
      if (rel.foreignKey === checked) continue;
      const value = fieldValue(row, rel.foreignKey);
      if (value === null || value === undefined) continue;
      const target = REGISTRY[rel.entity];
      const found = await findVisible(tx, user, target, String(value));
      const sameCompany = target.scope !== 'company' || found?.companyId === row.companyId;
      if (!found || !sameCompany) {
        throw new HttpError(400, 'invalid_reference', 'validation:format', rel.foreignKey);
      }
    }
  }

  /**
   * `input` is the client's body, not yet validated; `E` is the entity the request's path named.
   * The body passes the entity's create schema, the whole row its row schema, once each: from
   * there on the row is an `EntityRow<E>`.
   */
  async create<E extends CmsEntityName>(
    user: AuthUser,
    def: EntityDef<E>,
    input: RequestBody,
    response?: string[],
    outer?: StoreKysely,
  ): Promise<AnswerRow> {
    assertWritable(user, def);
    const parse = parsersOf(def);
    const data = parse.create(input);
    const given = fieldValue(data, 'id');
    const id = typeof given === 'string' ? given : uuidv7();
    const row = await this.inTx(outer, async (tx) => {
      const [taken] = await runCompiled(
        tx,
        `taken:${def.table}`,
        (idArg) => tx.selectFrom(def.table).select('id').where('id', '=', idArg!),
        [id],
      );
      if (taken) throw new HttpError(409, 'duplicate_id', 'id already exists', 'id');
      const companyId = await this.scopeFor(tx, user, def, data, id);
      const now = new Date().toISOString();
      const full = parse.row({
        ...data,
        id,
        companyId,
        version: 1,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      });
      await this.checkReferences(tx, user, def, full, this.parentChecked(def));
      await beforeCreate({ db: tx, user, def }, full);
      await insertEntity(tx, def, full, { origin: pushOrigin(tx) });
      return full;
    });
    return (await shapeRows(outer ?? this.k, user, def, [row], response))[0]!;
  }

  async read(user: AuthUser, def: EntityDef, id: string, response?: string[]): Promise<AnswerRow> {
    const row = await findVisible(this.k, user, def, id);
    if (!row) throw notFound();
    return (await shapeRows(this.k, user, def, [row], response))[0]!;
  }

  /** `POST {entity}/read` without id: the singleton row (company settings). */
  async readSingleton(user: AuthUser, def: EntityDef, response?: string[]): Promise<AnswerRow> {
    if (def.scope !== 'singleton') throw notFound();
    const raw = await this.k
      .selectFrom(def.table)
      .selectAll()
      .where('deletedAt', 'is', null)
      .orderBy('createdAt', 'asc')
      .executeTakeFirst();
    if (!raw) throw notFound();
    return (await shapeRows(this.k, user, def, [rowFromDb(def, raw)], response))[0]!;
  }

  /** As `create`: the body is validated once, the merged row once, then typed as `EntityRow<E>`. */
  async update<E extends CmsEntityName>(
    user: AuthUser,
    def: EntityDef<E>,
    id: string | null,
    input: RequestBody,
    opts: { partial: boolean; baseVersion?: number | undefined; response?: string[] | undefined },
    outer?: StoreKysely,
  ): Promise<AnswerRow> {
    assertWritable(user, def, 'update');
    const parse = parsersOf(def);
    const row = await this.inTx(outer, async (tx) => {
      const current = id
        ? await findVisibleRow(tx, user, def, id)
        : def.scope === 'singleton'
          ? await this.singletonRow(tx, def)
          : undefined;
      if (!current) throw notFound();
      const { id: _ignored, companyId: _scope, ...rest } = input;
      const changes = parse.change(rest, opts.partial);
      const versions = await fieldVersionsOf(tx, def, current.id);
      assertNoConflict(current, changes, versions, opts.baseVersion);
      const next = parse.row(nextVersion(current, changes));
      await this.checkReferences(tx, user, def, next);
      await beforeUpdate({ db: tx, user, def }, current, next);
      await updateEntity(tx, def, current, next, {
        origin: pushOrigin(tx),
        fieldVersions: versions,
      });
      return next;
    });
    return (await shapeRows(outer ?? this.k, user, def, [row], opts.response))[0]!;
  }

  private async singletonRow<E extends CmsEntityName>(tx: StoreKysely, def: EntityDef<E>) {
    const raw = await tx
      .selectFrom(def.table)
      .selectAll()
      .where('deletedAt', 'is', null)
      .orderBy('createdAt', 'asc')
      .executeTakeFirst();
    return raw ? entityRowFromDb(def, raw) : undefined;
  }

  /** Soft delete (a tombstone that syncs), cascading to the rows that hang below. */
  async remove<E extends CmsEntityName>(
    user: AuthUser,
    def: EntityDef<E>,
    id: string,
    outer?: StoreKysely,
  ): Promise<{ id: string; deleted: true }> {
    assertWritable(user, def, 'delete');
    await this.inTx(outer, async (tx) => {
      const current = await findVisibleRow(tx, user, def, id);
      if (!current) throw notFound();
      await beforeDelete({ db: tx, user, def }, current);
      await tombstoneEntities(tx, def, [id], new Date().toISOString(), {
        origin: pushOrigin(tx),
      });
    });
    return { id, deleted: true };
  }

  /**
   * On PostgreSQL the query's statements run with a time budget (`queryTimeoutMs`):
   * one past it is cancelled and answered 503 with Retry-After (plugins/errors.ts). SQLite
   * cannot interrupt a statement; there the contract's bounds (QUERY_LIMITS) keep the worst
   * query short (docs/operations-limits.md).
   */
  async query(user: AuthUser, def: EntityDef, body: QueryBody) {
    if (this.db.kind !== 'postgres') return this.runQuery(this.k, user, def, body);
    return this.k.transaction().execute(async (tx) => {
      await sql`set local statement_timeout = ${sql.lit(this.queryTimeoutMs)}`.execute(tx);
      return this.runQuery(tx, user, def, body);
    });
  }

  private async runQuery(k: StoreKysely, user: AuthUser, def: EntityDef, body: QueryBody) {
    const { page, limit, query, order } = body.parameter;
    let base = k.selectFrom(def.table).where(`${def.table}.deletedAt`, 'is', null);
    const company = scopeCompany(user, def);
    if (company) base = base.where(`${def.table}.companyId`, '=', company);
    const filter = readFilter(user, def);
    if (filter === 'none') base = base.where(sql<boolean>`1 = 0`);
    else if (filter) base = base.where(`${def.table}.${filter.field}`, '=', filter.value);
    if (query) base = base.where((eb) => groupExpr(eb, def, query));
    const countRow = await base
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    // An unlimited page past the answer budget is refused before its rows are loaded.
    if (limit === UNLIMITED && Number(countRow.n) > ANSWER_LIMITS.rowsMax) throw answerTooLarge();
    let q = base.selectAll(def.table);
    for (const o of orderColumns(def, order)) q = q.orderBy(o.column, o.direction);
    if (limit !== UNLIMITED) q = q.limit(limit).offset((page - 1) * limit);
    const rows = (await q.execute()).map((r) => rowFromDb(def, r));
    return {
      data: await shapeRows(k, user, def, rows, body.response),
      total: Number(countRow.n),
      page,
      limit,
    };
  }
}
