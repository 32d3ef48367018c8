/**
 * `Idempotency-Key` on writes (docs/sync.md): the first answer is stored with the effect in ONE
 * transaction, so a repeated key returns that answer and never applies twice — also when the
 * first response was lost after the commit, or two copies race. The key is bound to its
 * request (method, path and body fingerprint): reusing it for another request is a 422, as the
 * IETF draft httpapi-idempotency-key-header says, never somebody else's stored answer.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { EntityStoreDb, IdempotencyKeyTable } from '../db/schema';
import { HttpError } from '../plugins/errors';
import type { StoreKysely } from './rows';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

async function find(db: StoreKysely, userId: string, key: string) {
  return db
    .selectFrom('idempotencyKey')
    .selectAll()
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** JSON with sorted object keys, so the same body sent with another key order matches. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request's fingerprint: method, path and canonical body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${canonical(body)}`)
    .digest('hex');
}

export async function runIdempotent(
  db: Kysely<EntityStoreDb>,
  scope: { userId: string; key: string; method: string; path: string; hash: string },
  fn: (tx: StoreKysely) => Promise<{ statusCode: number; body: unknown }>,
): Promise<StoredAnswer> {
  if (scope.key.length > 200)
    throw new HttpError(400, 'validation', 'validation:maxLength', 'Idempotency-Key');
  const replay = (row: Selectable<IdempotencyKeyTable>): StoredAnswer => {
    const otherBody = row.requestHash !== null && row.requestHash !== scope.hash;
    if (row.method !== scope.method || row.path !== scope.path || otherBody) {
      throw new HttpError(422, 'idempotency_key_reused', 'errors:idempotencyKeyReused');
    }
    return {
      statusCode: Number(row.statusCode),
      body: JSON.parse(row.response) as unknown,
      replayed: true,
    };
  };
  const earlier = await find(db, scope.userId, scope.key);
  if (earlier) return replay(earlier);
  try {
    return await db.transaction().execute(async (tx) => {
      const result = await fn(tx);
      await tx
        .insertInto('idempotencyKey')
        .values({
          userId: scope.userId,
          key: scope.key,
          method: scope.method,
          path: scope.path,
          requestHash: scope.hash,
          statusCode: result.statusCode,
          response: JSON.stringify(result.body),
          createdAt: new Date().toISOString(),
        })
        .execute();
      return { ...result, replayed: false };
    });
  } catch (err) {
    // A concurrent copy committed first: its effect stands, ours rolled back — answer with its.
    const winner = await find(db, scope.userId, scope.key);
    if (winner) return replay(winner);
    throw err;
  }
}

/**
 * Runs a write route's operation under the request's Idempotency-Key when it has one;
 * `op` gets the transaction that must carry the effect.
 */
export async function withIdempotency(
  db: Kysely<EntityStoreDb>,
  req: Pick<FastifyRequest, 'headers' | 'method' | 'url' | 'body'>,
  userId: string,
  op: (tx: StoreKysely | undefined) => Promise<{ statusCode: number; body: unknown }>,
): Promise<StoredAnswer> {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return { ...(await op(undefined)), replayed: false };
  const path = req.url.split('?')[0] ?? '';
  return runIdempotent(
    db,
    { userId, key, method: req.method, path, hash: requestHash(req.method, path, req.body) },
    (tx) => op(tx),
  );
}
