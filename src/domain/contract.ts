/**
 * The SPEC §7 content-backend contract: request bodies of the generic entity calls.
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
  return OPERATOR_ALIASES[param.toLowerCase()] ?? null;
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const filterSchema = z.object({
  key: z.string().min(1).max(200),
  param: z.string().min(1).max(20).default('eq'),
  value: z.union([scalar, z.array(scalar).max(1000)]).optional(),
});
export type Filter = z.infer<typeof filterSchema>;

export interface QueryGroup {
  /** How the filters and sub-groups combine: all of them (AND, default) or any (OR). */
  type?: 'AND' | 'OR' | 'and' | 'or';
  filter?: Filter[];
  /** Nested groups, combined with this group's filters by `type`. */
  group?: QueryGroup[];
}

export const queryGroupSchema: z.ZodType<QueryGroup> = z.lazy(() =>
  z.object({
    type: z.enum(['AND', 'OR', 'and', 'or']).optional(),
    filter: z.array(filterSchema).max(100).optional(),
    group: z.array(queryGroupSchema).max(20).optional(),
  }),
);

export const orderSchema = z.object({
  field: z.string().min(1).max(200),
  order: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('ASC'),
});

/** `response`: the fields (dotted paths reach into relations) the caller wants back. */
export const responseSchema = z.array(z.string().min(1).max(200)).max(200).optional();

/** Unlimited page size (SPEC §9). */
export const UNLIMITED = -1;

export const queryBodySchema = z.object({
  parameter: z
    .object({
      page: z.number().int().min(1).default(1),
      limit: z.number().int().min(-1).max(5000).default(50),
      query: queryGroupSchema.optional(),
      order: z.array(orderSchema).max(10).optional(),
    })
    .default({ page: 1, limit: 50 }),
  response: responseSchema,
});
export type QueryBody = z.infer<typeof queryBodySchema>;

export const createBodySchema = z.object({
  data: z.record(z.string(), z.unknown()),
  response: responseSchema,
});

export const readBodySchema = z.object({ response: responseSchema }).default({});

export const updateBodySchema = z.object({
  data: z.record(z.string(), z.unknown()),
  /** PATCH only: the version the change was made on; a stale one may conflict (DESIGN §4). */
  baseVersion: z.number().int().min(1).optional(),
  response: responseSchema,
});

export interface QueryResult<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}
