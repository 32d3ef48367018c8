/**
 * fast-check arbitraries for hostile API bodies: prototype names, huge and odd
 * numbers, NaN-like strings, deep nesting, long strings, wrong types, arrays where objects
 * belong, unicode — mixed with plausible values so that calls get past the first check.
 */
import fc from 'fast-check';
import { CMS_ENTITIES, REGISTRY, type CmsEntityName } from '@server/cms/registry';

export const PROTO_NAMES = [
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
];

const hostileStrings = fc.constantFrom(
  ...PROTO_NAMES,
  'constructor.id',
  '__proto__.id',
  'toString.x',
  'company.constructor.id',
  'machine.pipes.machine.pipes.id',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '9007199254740993',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'ẞΩ漢字😀',
  '\u202Eevil',
  "'; drop table pipe; --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  'x'.repeat(5000),
  '2026-02-30',
  'true',
  'null',
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(
    9007199254740991,
    -9007199254740991,
    2 ** 53 + 2,
    1e15,
    1e308,
    -1e308,
    5e-324,
    0,
    -0,
    -1,
    1,
    2147483647,
    2147483648,
    -2147483649,
    1.5,
    999,
    1000,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileString = fc.oneof(
  hostileStrings,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** A deeply nested value (objects or arrays), as an object, at most `depth` levels. */
export const deepValue = fc
  .tuple(fc.integer({ min: 10, max: 400 }), fc.boolean())
  .map(([depth, arrays]) => {
    let v: unknown = 'leaf';
    for (let i = 0; i < depth; i++) v = arrays ? [v] : { group: [v], filter: [] };
    return v;
  });

const leaf = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.uuid({ version: 7 }),
);

/** Anything: scalars, hostile scalars, objects and arrays of them, deep nests. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.oneof(hostileStrings, fc.string()), leaf) },
  { weight: 1, arbitrary: deepValue },
);

/** Ids a call may name: known rows of both companies, fresh uuids, hostile strings. */
export function idArb(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.uuid({ version: 7 }) },
    { weight: 1, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 200) },
  );
}

export const entityArb = fc.constantFrom<CmsEntityName>(...CMS_ENTITIES);

/** A create/update `data` record: the entity's own field names and hostile ones. */
export function dataArb(entity: CmsEntityName, known: string[]): fc.Arbitrary<unknown> {
  const fields = Object.keys(REGISTRY[entity].fields);
  const value = fc.oneof(hostileValue, idArb(known));
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 12 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(hostileStrings, fc.constantFrom(...fields)), value),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

const pathArb = fc.oneof(
  hostileStrings,
  fc
    .array(
      fc.constantFrom(
        'machine',
        'pipes',
        'company',
        'id',
        'name',
        'code',
        'dguvReference',
        'aggregates',
        'machines',
        'audit',
        'dguvAnswers',
        'position',
      ),
      { minLength: 1, maxLength: 7 },
    )
    .map((s) => s.join('.')),
);

const filterArb = fc.record(
  {
    key: fc.oneof(pathArb, hostileValue),
    param: fc.oneof(
      fc.constantFrom('eq', 'ne', 'like', 'in', 'notIn', 'lt', 'gte', 'null', '=', 'contains'),
      hostileValue,
    ),
    value: fc.oneof(hostileValue, fc.array(fc.integer(), { maxLength: 600 })),
  },
  { requiredKeys: [] },
);

/** A query group tree, at most `depth` levels below this one (explicit, so sizes stay small). */
function groupArbAt(depth: number): fc.Arbitrary<unknown> {
  const sub = depth <= 0 ? fc.constant([]) : fc.array(groupArbAt(depth - 1), { maxLength: 2 });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record(
        {
          type: fc.oneof(fc.constantFrom('AND', 'OR', 'or'), hostileValue),
          filter: fc.oneof(fc.array(filterArb, { maxLength: 3 }), hostileValue),
          group: sub,
        },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}
const groupArb = groupArbAt(3);

/** A query body: mostly structured (so the query builder runs), sometimes pure noise. */
export const queryBodyArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        parameter: fc.record(
          {
            page: fc.oneof(fc.integer({ min: 1, max: 3 }), hostileNumber, hostileValue),
            limit: fc.oneof(fc.constantFrom(-1, 1, 50, 1000), hostileNumber, hostileValue),
            query: fc.oneof(groupArb, deepValue),
            order: fc.oneof(
              fc.array(fc.record({ field: pathArb, order: fc.constantFrom('asc', 'DESC', 'x') })),
              hostileValue,
            ),
          },
          { requiredKeys: [] },
        ),
        response: fc.oneof(fc.array(pathArb, { maxLength: 6 }), hostileValue),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: hostileValue },
);

export const responseBodyArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ response: fc.oneof(fc.array(pathArb, { maxLength: 6 }), hostileValue) }),
  hostileValue,
);
