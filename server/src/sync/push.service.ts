/**
 * `POST /api/sync/push` (DESIGN §4). Mutations are applied in the client's `seq` order, each
 * through exactly the code of its SPEC §7 endpoint, each in its own transaction that also
 * stores `(clientId, mutationId) → answer` and the client's last processed seq. A repeated
 * mutationId never applies twice; a seq gap is refused so nothing is applied out of order.
 */
import type { Kysely } from 'kysely';
import type {
  Mutation,
  PushRequest,
  PushResponse,
  PushResult,
} from '../../../src/domain/sync-contract';
import { cmsOperation, type Op } from '../cms/cms.routes';
import type { CmsService } from '../cms/cms.service';
import { entityByPath } from '../cms/registry';
import type { CmsKysely } from '../cms/rows';
import type { CmsDb } from '../db/schema';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { findShopCommand } from '../modules/shop/shop.commands';
import { missingBlobs } from './blobs';

type Outcome = Exclude<PushResult, { status: 'duplicate' } | { status: 'deferred' }>;

function resolve(service: CmsService, user: AuthUser, m: Mutation): Op {
  if (m.path.startsWith('/cms/')) {
    const target = entityByPath(m.path.slice('/cms/'.length));
    const op = target && cmsOperation(service, m.method, m.body, user, target.def, target.tail);
    if (op) return op;
  }
  const shop = findShopCommand(m.method, m.path);
  if (shop) {
    return async (tx) => ({
      statusCode: 200,
      body: await shop.command.run(tx!, user, shop.id, m.body),
    });
  }
  throw new HttpError(404, 'not_found', `unknown call ${m.method} ${m.path}`);
}

export class PushService {
  constructor(
    private readonly db: Kysely<CmsDb>,
    private readonly service: CmsService,
  ) {}

  private async lastSeq(clientId: string): Promise<number> {
    const row = await this.db
      .selectFrom('syncClient')
      .select('lastSeq')
      .where('clientId', '=', clientId)
      .executeTakeFirst();
    return row ? Number(row.lastSeq) : 0;
  }

  private async stored(clientId: string, mutationId: string) {
    return this.db
      .selectFrom('syncMutation')
      .selectAll()
      .where('clientId', '=', clientId)
      .where('mutationId', '=', mutationId)
      .executeTakeFirst();
  }

  /** Stores the answer and advances the client in the transaction `tx` of the effect. */
  private async record(
    tx: CmsKysely,
    clientId: string,
    userId: string,
    m: Mutation,
    answer: Outcome,
  ) {
    const now = new Date().toISOString();
    await tx
      .insertInto('syncMutation')
      .values({
        clientId,
        mutationId: m.mutationId,
        seq: m.seq,
        status: answer.status,
        answer: JSON.stringify(answer),
        createdAt: now,
      })
      .execute();
    const updated = await tx
      .updateTable('syncClient')
      .set({ lastSeq: m.seq, userId, updatedAt: now })
      .where('clientId', '=', clientId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await tx
        .insertInto('syncClient')
        .values({ clientId, lastSeq: m.seq, userId, updatedAt: now })
        .execute();
    }
  }

  private async applyOne(user: AuthUser, clientId: string, m: Mutation): Promise<Outcome> {
    if (m.userId !== user.id) {
      return this.refuse(
        clientId,
        user,
        m,
        new HttpError(403, 'forbidden', 'entry of another user'),
      );
    }
    try {
      const op = resolve(this.service, user, m);
      return await this.db.transaction().execute(async (tx) => {
        const { statusCode, body } = await op(tx);
        const answer: Outcome = {
          status: 'applied',
          mutationId: m.mutationId,
          seq: m.seq,
          httpStatus: statusCode,
          result: body,
        };
        await this.record(tx, clientId, user.id, m, answer);
        return answer;
      });
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) return this.refuse(clientId, user, m, err);
      throw err;
    }
  }

  /** A conflict or rejection is an answer too: stored, so a retry gets the same one. */
  private async refuse(
    clientId: string,
    user: AuthUser,
    m: Mutation,
    err: HttpError,
  ): Promise<Outcome> {
    const answer: Outcome =
      err.code === 'conflict' && err.details
        ? {
            status: 'conflict',
            mutationId: m.mutationId,
            seq: m.seq,
            serverRow: err.details.serverRow as Record<string, unknown>,
            fields: err.details.fields as string[],
          }
        : { status: 'rejected', mutationId: m.mutationId, seq: m.seq, error: err.toBody() };
    await this.db.transaction().execute((tx) => this.record(tx, clientId, user.id, m, answer));
    return answer;
  }

  async push(user: AuthUser, req: PushRequest): Promise<PushResponse> {
    const mutations = [...req.mutations].sort((a, b) => a.seq - b.seq);
    let last = await this.lastSeq(req.clientId);
    const first = mutations[0]!;
    if (first.seq > last + 1) {
      throw new HttpError(409, 'seq_gap', `expected seq ${last + 1}`, undefined, {
        expectedSeq: last + 1,
      });
    }
    const results: PushResult[] = [];
    for (const m of mutations) {
      const earlier = await this.stored(req.clientId, m.mutationId);
      if (earlier) {
        const answer = JSON.parse(String(earlier.answer)) as Outcome;
        results.push(answer.status === 'applied' ? { ...answer, status: 'duplicate' } : answer);
        continue;
      }
      if (m.seq <= last) {
        results.push({
          status: 'rejected',
          mutationId: m.mutationId,
          seq: m.seq,
          error: {
            status: 409,
            code: 'seq_reused',
            message: `seq ${m.seq} was used by another mutation`,
          },
        });
        continue;
      }
      if (m.seq !== last + 1) break; // a gap inside the batch: stop, the client resends
      const waiting = await missingBlobs(this.db, m);
      if (waiting.length > 0) {
        results.push({
          status: 'deferred',
          mutationId: m.mutationId,
          seq: m.seq,
          waitingFor: waiting,
        });
        break; // later entries may depend on this one: keep the order
      }
      try {
        results.push(await this.applyOne(user, req.clientId, m));
      } catch {
        break; // a server fault: what was stored stands; the client retries the rest
      }
      last = m.seq;
    }
    return { results, lastProcessedSeq: await this.lastSeq(req.clientId) };
  }
}
