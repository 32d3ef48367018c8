/**
 * The docs/api.md content-backend contract: request bodies of the generic entity calls.
 * The client builds them, the server validates them with the same schemas.
 */
import { z } from 'zod';

/** Filter operators accepted in `filter[].param` (with the usual symbolic aliases). */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'like',
  'in',
  'notIn',
  'lt',
  'lte',
  'gt',
  'gte',
  'null',
  'notNull',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const OPERATOR_ALIASES: Record<string, FilterOperator> = {
  '=': 'eq',
  '==': 'eq',
  equal: 'eq',
  '!=': 'ne',
  '<>': 'ne',
  notequal: 'ne',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
  isnull: 'null',
  isnotnull: 'notNull',
  notnull: 'notNull',
  notin: 'notIn',
  contains: 'like',
};

export function normaliseOperator(param: string): FilterOperator | null {
  if ((FILTER_OPERATORS as readonly string[]).includes(param)) return param as FilterOperator;
  // Own keys only: 'constructor' or 'toString' must not find Object.prototype's members.
  const alias = param.toLowerCase();
  return Object.hasOwn(OPERATOR_ALIASES, alias) ? (OPERATOR_ALIASES[alias] ?? null) : null;
}

/**
 * What a human could mean by one query: anything past these bounds is a 400 with
 * a message key before the database is touched. The server adds an answer budget on top
 * (server/src/cms/response.ts).
 */
export const QUERY_LIMITS = {
  pageMax: 1_000_000,
  /** Page size: -1 (unlimited, docs/api.md) or 1 … limitMax. */
  limitMax: 1000,
  /** Levels of nested query groups (the top group is level 1). */
  groupDepthMax: 8,
  /** Groups and filters in the whole query, over every level. */
  groupsMax: 50,
  filtersMax: 100,
  /** Values of one in/notIn list, and of all lists together. */
  listMax: 500,
  valuesMax: 2000,
  /** Characters of one string value. */
  valueLengthMax: 1000,
  /**
   * `like` filters (a contains-search over every row in scope, the one filter no index
   * helps) in the whole query, and characters of one `like` value: a search box's worth.
   * Their cost grows with rows × filters × length, and on SQLite every other request waits
   * for it (docs/operations-limits.md).
   */
  patternFiltersMax: 5,
  patternLengthMax: 100,
  /** Characters of a filter key, an order field or a response path. */
  keyLengthMax: 200,
  /** Relations one filter key or response path may walk (`machine.company.name` walks 2). */
  relationDepthMax: 3,
  orderMax: 10,
  responsePathsMax: 100,
} as const;

const FORMAT = { error: 'validation:format' } as const;
const TOO_LARGE = { error: 'validation:queryTooLarge' } as const;

/** Dotted path of non-empty segments, at most relationDepthMax relations and one field deep. */
const pathSchema = z
  .string(FORMAT)
  .min(1, { error: 'validation:queryKey' })
  .max(QUERY_LIMITS.keyLengthMax, TOO_LARGE)
  .refine((p) => p.split('.').every((s) => s.length > 0), { error: 'validation:queryKey' })
  .refine((p) => p.split('.').length <= QUERY_LIMITS.relationDepthMax + 1, {
    error: 'validation:queryTooDeep',
  });

/** A NUL character cannot be stored or compared by PostgreSQL: no human types it. */
const textValue = z
  .string(FORMAT)
  .max(QUERY_LIMITS.valueLengthMax, TOO_LARGE)
  .refine((v) => !v.includes('\u0000'), { error: 'validation:queryValue' });

const scalar = z.union([textValue, z.number(FORMAT), z.boolean(FORMAT), z.null()], {
  error: 'validation:queryValue',
});

export const filterSchema = z.object(
  {
    key: pathSchema,
    param: z
      .string(FORMAT)
      .min(1, FORMAT)
      .max(20, { error: 'validation:queryOperator' })
      .default('eq'),
    value: z
      .union([scalar, z.array(scalar, FORMAT).max(QUERY_LIMITS.listMax, TOO_LARGE)], {
        error: 'validation:queryValue',
      })
      .optional(),
  },
  FORMAT,
);
export type Filter = z.infer<typeof filterSchema>;

export interface QueryGroup {
  /** How the filters and sub-groups combine: all of them (AND, default) or any (OR). */
  type?: 'AND' | 'OR' | 'and' | 'or';
  filter?: Filter[];
  /** Nested groups, combined with this group's filters by `type`. */
  group?: QueryGroup[];
}

const groupObjectSchema: z.ZodType<QueryGroup> = z.lazy(() =>
  z.object(
    {
      type: z.enum(['AND', 'OR', 'and', 'or'], FORMAT).optional(),
      filter: z.array(filterSchema, FORMAT).max(QUERY_LIMITS.filtersMax, TOO_LARGE).optional(),
      group: z.array(groupObjectSchema, FORMAT).max(QUERY_LIMITS.groupsMax, TOO_LARGE).optional(),
    },
    FORMAT,
  ),
);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Depth and size of a query tree, measured without recursion and stopping at the first bound
 * passed: 20 000 nested groups must not overflow the stack of the recursive schema below.
 */
export function queryTreeProblem(
  root: unknown,
): 'validation:queryTooDeep' | 'validation:queryTooLarge' | null {
  const stack: { node: unknown; depth: number }[] = [{ node: root, depth: 1 }];
  let groups = 0;
  let filters = 0;
  let values = 0;
  let patterns = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!isRecord(node)) continue;
    if (depth > QUERY_LIMITS.groupDepthMax) return 'validation:queryTooDeep';
    groups += 1;
    if (Array.isArray(node.filter)) {
      filters += node.filter.length;
      for (const f of node.filter as unknown[]) {
        if (!isRecord(f)) continue;
        if (Array.isArray(f.value)) values += f.value.length;
        if (typeof f.param === 'string' && normaliseOperator(f.param) === 'like') {
          patterns += 1;
          const texts: unknown[] = Array.isArray(f.value) ? f.value : [f.value];
          if (texts.some((v) => typeof v === 'string' && v.length > QUERY_LIMITS.patternLengthMax))
            return 'validation:queryTooLarge';
        }
      }
    }
    if (Array.isArray(node.group)) {
      if (groups + stack.length + node.group.length > QUERY_LIMITS.groupsMax)
        return 'validation:queryTooLarge';
      for (const g of node.group as unknown[]) stack.push({ node: g, depth: depth + 1 });
    }
    if (
      filters > QUERY_LIMITS.filtersMax ||
      values > QUERY_LIMITS.valuesMax ||
      patterns > QUERY_LIMITS.patternFiltersMax
    )
      return 'validation:queryTooLarge';
  }
  return null;
}

/** A query tree: bounded first (iteratively), then validated by the recursive schema. */
export const queryGroupSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = queryTreeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .pipe(groupObjectSchema);

export const orderSchema = z.object(
  {
    field: pathSchema,
    order: z.enum(['ASC', 'DESC', 'asc', 'desc'], FORMAT).default('ASC'),
  },
  FORMAT,
);

/** `response`: the fields (dotted paths reach into relations) the caller wants back. */
export const responseSchema = z
  .array(pathSchema, FORMAT)
  .max(QUERY_LIMITS.responsePathsMax, TOO_LARGE)
  .optional();

/** Unlimited page size (docs/api.md). */
export const UNLIMITED = -1;

const PAGING = { error: 'validation:queryPaging' } as const;

export const queryBodySchema = z.object(
  {
    parameter: z
      .object(
        {
          page: z
            .number(FORMAT)
            .int({ error: 'validation:integer' })
            .min(1, PAGING)
            .max(QUERY_LIMITS.pageMax, PAGING)
            .default(1),
          limit: z
            .number(FORMAT)
            .int({ error: 'validation:integer' })
            .refine((n) => n === UNLIMITED || (n >= 1 && n <= QUERY_LIMITS.limitMax), PAGING)
            .default(50),
          query: queryGroupSchema.optional(),
          order: z.array(orderSchema, FORMAT).max(QUERY_LIMITS.orderMax, TOO_LARGE).optional(),
        },
        FORMAT,
      )
      .default({ page: 1, limit: 50 }),
    response: responseSchema,
  },
  FORMAT,
);
export type QueryBody = z.infer<typeof queryBodySchema>;

export const createBodySchema = z.object(
  {
    data: z.record(z.string(), z.unknown(), FORMAT),
    response: responseSchema,
  },
  FORMAT,
);

export const readBodySchema = z.object({ response: responseSchema }, FORMAT).default({});

export const updateBodySchema = z.object(
  {
    data: z.record(z.string(), z.unknown(), FORMAT),
    /** PATCH only: the version the change was made on; a stale one may conflict (docs/sync.md). */
    baseVersion: z.number(FORMAT).int({ error: 'validation:integer' }).min(1, FORMAT).optional(),
    response: responseSchema,
  },
  FORMAT,
);

export interface QueryResult<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}
