/**
 * docs/api.md `response`: which fields and relations the caller wants back. Paths are dotted
 * (`machine.company.name`); a relation named alone comes back whole. Related rows are loaded
 * in one query per relation and level (in chunks), through the same scope as the main rows.
 * `dguvReference` on a hose is its latest DGUV answer (limit 1, by the audit's startDate
 * descending — docs/api.md).
 *
 * One answer has a budget: `machine.pipes.machine.pipes.id` over a few hundred
 * hoses repeats every hose hundreds of times per hose, so the rows the answer would carry are
 * counted as it is built — with every repetition, as JSON would write them — and past the
 * budget the call is a 400 before the answer is serialised.
 */
import { sql } from 'kysely';
import type { EntityName } from '@domain/entities';
import { QUERY_LIMITS } from '@domain/contract';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { readFilter, scopeCompany } from './access';
import { fieldOf, REGISTRY, relationOf, type EntityDef } from './registry';
import type { EntityRow } from '../db/entity-tables';
import { fieldValue, rowFromDb, type RowOf, type StoreKysely } from './rows';

/**
 * A row as the answer carries it: the fields `response` asked for (all, without one) and the
 * related rows attached under their relation names — no longer one entity's row.
 */
export type AnswerRow = { [key: string]: unknown };

/** A row of whichever entity a level of the answer is about (chosen at run time): one of the typed rows. */
type AnyRow = RowOf<EntityName>;

/** The most one answer may carry; see docs/api.md, "Bounds". */
export const ANSWER_LIMITS = {
  /** Rows in one answer, counting a related row each time it is written. */
  rowsMax: 25_000,
  /** Approximate size of one answer. */
  bytesMax: 16 * 1024 * 1024,
  /** Rows of one to-many relation under one row (a machine's hoses…). */
  relatedPerRowMax: 2_000,
  /** Values bound in one `IN (…)` list (SQLite allows 32 766 variables per statement). */
  chunk: 1_000,
} as const;

export const answerTooLarge = () =>
  new HttpError(400, 'answer_too_large', 'validation:answerTooLarge');

/** What one shaped row costs in the written answer, its related rows included. */
interface Cost {
  rows: number;
  bytes: number;
}

/** Rough JSON size of one field (key, quotes and separators counted generously). */
function fieldBytes(key: string, v: unknown): number {
  const value =
    typeof v === 'string'
      ? v.length + 2
      : v === null || v === undefined
        ? 4
        : typeof v === 'object'
          ? JSON.stringify(v).length + 12
          : 12;
  return key.length + 4 + value;
}

/** Rough JSON size of a stored row. */
function rowBytes(row: AnyRow): number {
  let n = 2;
  for (const [k, v] of Object.entries(row)) n += fieldBytes(k, v);
  return n;
}

function check(total: Cost): void {
  if (total.rows > ANSWER_LIMITS.rowsMax || total.bytes > ANSWER_LIMITS.bytesMax)
    throw answerTooLarge();
}

function sum(costs: Iterable<Cost>): Cost {
  const total = { rows: 0, bytes: 0 };
  for (const c of costs) {
    total.rows += c.rows;
    total.bytes += c.bytes;
    check(total);
  }
  return total;
}

type Tree = Map<string, string[]>;

function parseTree(paths: string[]): Tree {
  const tree: Tree = new Map();
  for (const p of paths) {
    const [head, ...rest] = p.split('.');
    if (!head) throw new HttpError(400, 'invalid_response', 'validation:queryKey', p);
    const list = tree.get(head) ?? [];
    if (rest.length > 0) list.push(rest.join('.'));
    tree.set(head, list);
  }
  return tree;
}

const ALWAYS = ['id', 'version'];

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += ANSWER_LIMITS.chunk)
    out.push(list.slice(i, i + ANSWER_LIMITS.chunk));
  return out;
}

/** Rows of `target` whose `column` is one of `values`, at most the answer's row budget. */
async function loadRelated(
  db: StoreKysely,
  user: AuthUser,
  target: EntityDef,
  column: string,
  values: string[],
): Promise<AnyRow[]> {
  const out: AnyRow[] = [];
  const company = scopeCompany(user, target);
  const filter = readFilter(user, target);
  if (filter === 'none') return out;
  for (const part of chunks(values)) {
    let q = db
      .selectFrom(target.table)
      .selectAll()
      .where(column, 'in', part)
      .where('deletedAt', 'is', null);
    if (company) q = q.where('companyId', '=', company);
    if (filter) q = q.where(filter.field, '=', filter.value);
    for (const o of target.defaultOrder) q = q.orderBy(o.field, o.order);
    // One row more than the budget tells "too many" without loading the rest.
    const raw = await q.limit(ANSWER_LIMITS.rowsMax - out.length + 1).execute();
    for (const r of raw) out.push(rowFromDb(target, r));
    if (out.length > ANSWER_LIMITS.rowsMax) throw answerTooLarge();
  }
  return out;
}

/**
 * Latest DGUV answer per hose, by audit start date, then check time, then id (docs/api.md): one
 * row per hose straight from the database (a window function), not every check of it.
 */
async function latestAnswers(
  db: StoreKysely,
  user: AuthUser,
  pipeIds: string[],
): Promise<Map<string, EntityRow<'dguvAnswer'>>> {
  const answerDef = REGISTRY.dguvAnswer;
  const latest = new Map<string, EntityRow<'dguvAnswer'>>();
  const company = scopeCompany(user, answerDef);
  for (const part of chunks(pipeIds)) {
    let ranked = db
      .selectFrom('dguvAnswer')
      .innerJoin('dguvAudit', 'dguvAudit.id', 'dguvAnswer.auditId')
      .selectAll('dguvAnswer')
      .select(
        sql<number>`row_number() over (partition by ${sql.ref('dguvAnswer.pipeId')} order by ${sql.ref('dguvAudit.startDate')} desc, ${sql.ref('dguvAnswer.performedAt')} desc, ${sql.ref('dguvAnswer.id')} desc)`.as(
          'latestRank',
        ),
      )
      .where('dguvAnswer.pipeId', 'in', part)
      .where('dguvAnswer.deletedAt', 'is', null)
      .where('dguvAudit.deletedAt', 'is', null);
    if (company) ranked = ranked.where('dguvAnswer.companyId', '=', company);
    const rows = await db
      .selectFrom(ranked.as('ranked'))
      .selectAll()
      .where('latestRank', '=', 1)
      .execute();
    for (const raw of rows) {
      const row = rowFromDb(answerDef, raw);
      latest.set(row.pipeId, row);
    }
  }
  return latest;
}

interface Shaped {
  rows: AnswerRow[];
  costs: Cost[];
}

async function shape(
  db: StoreKysely,
  user: AuthUser,
  def: EntityDef,
  rows: AnyRow[],
  response: string[] | undefined,
  depth: number,
): Promise<Shaped> {
  if (!response || response.length === 0 || rows.length === 0) {
    const costs = rows.map((r) => ({ rows: 1, bytes: rowBytes(r) }));
    sum(costs);
    return { rows, costs };
  }
  const tree = parseTree(response);
  const out: AnswerRow[] = rows.map((r) => {
    const picked: AnswerRow = {};
    for (const k of ALWAYS) picked[k] = fieldValue(r, k);
    return picked;
  });
  const costs: Cost[] = rows.map(() => ({ rows: 1, bytes: 40 }));
  /** Attaches a value to row i and adds what it costs; the level's total stays in budget. */
  const attach = (i: number, name: string, value: unknown, cost: Cost) => {
    out[i]![name] = value;
    costs[i]!.rows += cost.rows;
    costs[i]!.bytes += cost.bytes + name.length + 4;
  };
  // Every related row loaded is written at least once, so its level alone checks the budget.
  const relationLevel = (target: EntityDef, loaded: AnyRow[], nested: string[]) =>
    shape(db, user, target, loaded, nested.length ? nested : undefined, depth + 1);
  for (const [name, nested] of tree) {
    const field = fieldOf(def, name);
    if (field) {
      if (nested.length > 0)
        throw new HttpError(400, 'invalid_response', 'validation:queryKey', name);
      rows.forEach((r, i) => {
        const value = fieldValue(r, name);
        attach(i, name, value, { rows: 0, bytes: fieldBytes(name, value) });
      });
      sum(costs);
      continue;
    }
    const isReference = def.name === 'pipe' && name === 'dguvReference';
    const rel = isReference ? undefined : relationOf(def, name);
    if (!isReference && !rel)
      throw new HttpError(400, 'invalid_response', 'validation:queryKey', name);
    if (depth >= QUERY_LIMITS.relationDepthMax)
      throw new HttpError(400, 'invalid_response', 'validation:queryTooDeep', name);
    if (isReference) {
      const latest = await latestAnswers(
        db,
        user,
        rows.map((r) => r.id),
      );
      const answers = [...latest.values()];
      const shaped = await relationLevel(REGISTRY.dguvAnswer, answers, nested);
      const byPipe = new Map(answers.map((a, i) => [a.pipeId, i]));
      // docs/api.md: a list limited to 1.
      rows.forEach((r, i) => {
        const j = byPipe.get(r.id);
        if (j === undefined) attach(i, name, [], { rows: 0, bytes: 2 });
        else attach(i, name, [shaped.rows[j]], shaped.costs[j]!);
      });
    } else if (rel!.kind === 'belongsTo') {
      const fk = rel!.foreignKey;
      const ids = [
        ...new Set(
          rows.map((r) => fieldValue(r, fk)).filter((v): v is string => typeof v === 'string'),
        ),
      ];
      const related = await loadRelated(db, user, REGISTRY[rel!.entity], 'id', ids);
      const shaped = await relationLevel(REGISTRY[rel!.entity], related, nested);
      const byId = new Map(related.map((s, i) => [s.id, i]));
      rows.forEach((r, i) => {
        const j = byId.get(String(fieldValue(r, fk)));
        if (j === undefined) attach(i, name, null, { rows: 0, bytes: 4 });
        else attach(i, name, shaped.rows[j], shaped.costs[j]!);
      });
    } else {
      const fk = rel!.foreignKey;
      const ids = rows.map((r) => r.id);
      const related = await loadRelated(db, user, REGISTRY[rel!.entity], fk, ids);
      const shaped = await relationLevel(REGISTRY[rel!.entity], related, nested);
      // Grouped once by owner: a filter per row would be rows × related steps.
      const byOwner = new Map<string, number[]>();
      related.forEach((r, j) => {
        const key = String(fieldValue(r, fk));
        const list = byOwner.get(key) ?? [];
        list.push(j);
        if (list.length > ANSWER_LIMITS.relatedPerRowMax) throw answerTooLarge();
        byOwner.set(key, list);
      });
      rows.forEach((r, i) => {
        const js = byOwner.get(r.id) ?? [];
        const cost = sum(js.map((j) => shaped.costs[j]!));
        attach(
          i,
          name,
          js.map((j) => shaped.rows[j]),
          { rows: cost.rows, bytes: cost.bytes + js.length + 2 },
        );
      });
    }
    sum(costs);
  }
  return { rows: out, costs };
}

/**
 * The rows as `response` asks for them. Throws 400 `validation:answerTooLarge` when the answer
 * would pass ANSWER_LIMITS, and `validation:queryTooDeep` past QUERY_LIMITS.relationDepthMax.
 */
export async function shapeRows<E extends EntityName>(
  db: StoreKysely,
  user: AuthUser,
  def: EntityDef<E>,
  rows: RowOf<E>[],
  response: string[] | undefined,
): Promise<AnswerRow[]> {
  return (await shape(db, user, def, rows, response, 0)).rows;
}
