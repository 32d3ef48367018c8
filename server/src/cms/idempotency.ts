/**
 * `Idempotency-Key` on writes (DESIGN §4): the first answer is stored with the effect in ONE
 * transaction, so a repeated key returns that answer and never applies twice — also when the
 * first response was lost after the commit, or two copies race.
 */
import type { Kysely } from 'kysely';
import type { CmsDb } from '../db/schema';
import { HttpError } from '../plugins/errors';
import type { CmsKysely } from './rows';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

async function find(db: CmsKysely, userId: string, key: string) {
  return db
    .selectFrom('idempotencyKey')
    .selectAll()
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function runIdempotent(
  db: Kysely<CmsDb>,
  scope: { userId: string; key: string; method: string; path: string },
  fn: (tx: CmsKysely) => Promise<{ statusCode: number; body: unknown }>,
): Promise<StoredAnswer> {
  if (scope.key.length > 200)
    throw new HttpError(400, 'validation', 'validation:maxLength', 'Idempotency-Key');
  const replay = (row: Record<string, unknown>): StoredAnswer => {
    if (row.method !== scope.method || row.path !== scope.path) {
      throw new HttpError(
        422,
        'idempotency_key_reused',
        'Idempotency-Key was used for another request',
      );
    }
    return {
      statusCode: Number(row.statusCode),
      body: JSON.parse(String(row.response)),
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
  db: Kysely<CmsDb>,
  req: { headers: Record<string, unknown>; method: string; url: string },
  userId: string,
  op: (tx: CmsKysely | undefined) => Promise<{ statusCode: number; body: unknown }>,
): Promise<StoredAnswer> {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return { ...(await op(undefined)), replayed: false };
  return runIdempotent(
    db,
    { userId, key, method: req.method, path: req.url.split('?')[0] ?? '' },
    (tx) => op(tx),
  );
}
