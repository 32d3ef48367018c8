/**
 * SPEC §7 `response`: which fields and relations the caller wants back. Paths are dotted
 * (`machine.company.name`); a relation named alone comes back whole. Related rows are loaded
 * in one query per relation and level, through the same scope as the main rows.
 * `dguvReference` on a hose is its latest DGUV answer (limit 1, by the audit's startDate
 * descending — SPEC §9).
 */
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { scopeCompany } from './access';
import { REGISTRY, type EntityDef } from './registry';
import { rowFromDb, type CmsKysely, type Row } from './rows';

type Tree = Map<string, string[]>;

function parseTree(paths: string[]): Tree {
  const tree: Tree = new Map();
  for (const p of paths) {
    const [head, ...rest] = p.split('.');
    if (!head) continue;
    const list = tree.get(head) ?? [];
    if (rest.length > 0) list.push(rest.join('.'));
    tree.set(head, list);
  }
  return tree;
}

const ALWAYS = ['id', 'version'];

async function loadRelated(
  db: CmsKysely,
  user: AuthUser,
  target: EntityDef,
  column: string,
  values: string[],
): Promise<Row[]> {
  if (values.length === 0) return [];
  let q = db
    .selectFrom(target.table)
    .selectAll()
    .where(column, 'in', values)
    .where('deletedAt', 'is', null);
  const company = scopeCompany(user, target);
  if (company) q = q.where('companyId', '=', company);
  for (const o of target.defaultOrder) q = q.orderBy(o.field, o.order);
  return (await q.execute()).map((r) => rowFromDb(target, r));
}

/** Latest DGUV answer per hose, by audit start date then check time (SPEC §9). */
async function latestAnswers(
  db: CmsKysely,
  user: AuthUser,
  pipeIds: string[],
): Promise<Map<string, Row>> {
  const answerDef = REGISTRY.dguvAnswer;
  if (pipeIds.length === 0) return new Map();
  let q = db
    .selectFrom('dguvAnswer')
    .innerJoin('dguvAudit', 'dguvAudit.id', 'dguvAnswer.auditId')
    .selectAll('dguvAnswer')
    .where('dguvAnswer.pipeId', 'in', pipeIds)
    .where('dguvAnswer.deletedAt', 'is', null)
    .where('dguvAudit.deletedAt', 'is', null)
    .orderBy('dguvAudit.startDate', 'desc')
    .orderBy('dguvAnswer.performedAt', 'desc');
  const company = scopeCompany(user, answerDef);
  if (company) q = q.where('dguvAnswer.companyId', '=', company);
  const latest = new Map<string, Row>();
  for (const raw of await q.execute()) {
    const row = rowFromDb(answerDef, raw);
    const pipeId = String(row.pipeId);
    if (!latest.has(pipeId)) latest.set(pipeId, row);
  }
  return latest;
}

export async function shapeRows(
  db: CmsKysely,
  user: AuthUser,
  def: EntityDef,
  rows: Row[],
  response: string[] | undefined,
  depth = 0,
): Promise<Row[]> {
  if (!response || response.length === 0 || rows.length === 0) return rows;
  if (depth > 4) throw new HttpError(400, 'invalid_response', 'response nested too deeply');
  const tree = parseTree(response);
  const out: Row[] = rows.map((r) => {
    const picked: Row = {};
    for (const k of ALWAYS) picked[k] = r[k];
    return picked;
  });
  for (const [name, nested] of tree) {
    if (def.fields[name]) {
      if (nested.length > 0)
        throw new HttpError(400, 'invalid_response', `${name} is not a relation`, name);
      rows.forEach((r, i) => (out[i]![name] = r[name]));
      continue;
    }
    if (def.name === 'pipe' && name === 'dguvReference') {
      const latest = await latestAnswers(
        db,
        user,
        rows.map((r) => String(r.id)),
      );
      const answers = [...latest.values()];
      const shaped = await shapeRows(
        db,
        user,
        REGISTRY.dguvAnswer,
        answers,
        nested.length ? nested : undefined,
        depth + 1,
      );
      const byPipe = new Map(shaped.map((a, i) => [String(answers[i]!.pipeId), a]));
      // SPEC §9: a list limited to 1.
      rows.forEach(
        (r, i) => (out[i]![name] = byPipe.has(String(r.id)) ? [byPipe.get(String(r.id))] : []),
      );
      continue;
    }
    const rel = def.relations[name];
    if (!rel)
      throw new HttpError(400, 'invalid_response', `unknown field or relation: ${name}`, name);
    const target = REGISTRY[rel.entity];
    const sub = nested.length ? nested : undefined;
    if (rel.kind === 'belongsTo') {
      const ids = [
        ...new Set(
          rows.map((r) => r[rel.foreignKey]).filter((v): v is string => typeof v === 'string'),
        ),
      ];
      const related = await loadRelated(db, user, target, 'id', ids);
      const shaped = await shapeRows(db, user, target, related, sub, depth + 1);
      const byId = new Map(shaped.map((s, i) => [String(related[i]!.id), s]));
      rows.forEach((r, i) => (out[i]![name] = byId.get(String(r[rel.foreignKey])) ?? null));
    } else {
      const ids = rows.map((r) => String(r.id));
      const related = await loadRelated(db, user, target, rel.foreignKey, ids);
      const shaped = await shapeRows(db, user, target, related, sub, depth + 1);
      rows.forEach((r, i) => {
        out[i]![name] = shaped.filter((_, j) => related[j]![rel.foreignKey] === r.id);
      });
    }
  }
  return out;
}
