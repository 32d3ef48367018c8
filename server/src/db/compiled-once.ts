/**
 * The same query shape, compiled once. Kysely builds, transforms (camelCase → snake_case) and
 * compiles every query anew; for the short statements a sync push runs hundreds of times per
 * batch (is this id taken, is the parent visible, is the code free) that costs more than
 * SQLite itself. `build` gets a placeholder for each argument; the SQL and the places of the
 * arguments among its parameters are kept per dialect under `key`, and later calls only bind
 * new values. Result rows still pass the plugins (camelCase names).
 */
import { CompiledQuery, type Compilable, type DialectAdapter, type QueryResult } from 'kysely';

interface Template {
  sql: string;
  /** For each parameter: the index of the argument it takes, or null for a fixed value. */
  slots: (number | null)[];
  fixed: readonly unknown[];
}

const byDialect = new WeakMap<DialectAdapter, Map<string, Template>>();
const placeholder = (i: number) => `\u0000arg${i}\u0000`;

function template(adapter: DialectAdapter, key: string, build: () => CompiledQuery, n: number) {
  let templates = byDialect.get(adapter);
  if (!templates) byDialect.set(adapter, (templates = new Map()));
  let t = templates.get(key);
  if (!t) {
    const compiled = build();
    const slots = compiled.parameters.map((v) => {
      const i =
        typeof v === 'string'
          ? Array.from({ length: n }, (_, k) => k).find((k) => v === placeholder(k))
          : undefined;
      return i === undefined ? null : i;
    });
    if (new Set(slots.filter((s) => s !== null)).size !== n) {
      throw new Error(`compiled query ${key}: every argument must be one parameter`);
    }
    t = { sql: compiled.sql, slots, fixed: compiled.parameters };
    templates.set(key, t);
  }
  return t;
}

/** What `runCompiled` needs of a handle or transaction (any table map). */
interface Executes {
  getExecutor(): { adapter: DialectAdapter };
  executeQuery<O>(query: CompiledQuery<O>): Promise<QueryResult<O>>;
}

export async function runCompiled<R>(
  db: Executes,
  key: string,
  build: (...args: string[]) => Compilable<R>,
  args: readonly unknown[],
): Promise<R[]> {
  const t = template(
    db.getExecutor().adapter,
    key,
    () => build(...args.map((_, i) => placeholder(i))).compile(),
    args.length,
  );
  const parameters = t.slots.map((s, j) => (s === null ? t.fixed[j] : args[s]));
  const { rows } = await db.executeQuery(CompiledQuery.raw(t.sql, parameters) as CompiledQuery<R>);
  return rows;
}
