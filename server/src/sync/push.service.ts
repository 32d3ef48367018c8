/**
 * `POST /api/sync/push` (docs/sync.md). Mutations are applied in the client's `seq` order, each
 * through exactly the code of its docs/api.md endpoint, each in its own transaction that also
 * stores `(clientId, mutationId) → answer` and the client's last processed seq. A repeated
 * mutationId never applies twice; a seq gap is refused so nothing is applied out of order.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  isPushableCmsVerb,
  type Mutation,
  type PushRequest,
  type PushResponse,
  type PushResult,
  SEQ_REUSED,
} from '@domain/sync-contract';
import { cmsOperation, type Op } from '../cms/cms.operations';
import type { CmsService } from '../cms/cms.service';
import { setPushOrigin } from '../cms/entity-store';
import { entityByPath } from '../cms/registry';
import type { StoreKysely } from '../cms/rows';
import type { EntityStoreDb } from '../db/schema';
import type { AuthUser } from '../plugins/auth';
import { fromDatabase, HttpError } from '../plugins/errors';
import { findShopCommand } from '../modules/shop/shop.commands';
import { missingBlobs } from './blobs';
import { forgetReserved, reserveAhead } from './change-seq';

type Outcome = Exclude<PushResult, { status: 'duplicate' } | { status: 'deferred' }>;

/**
 * The write a mutation names. A push carries writes only: a read or query would answer data
 * nobody asked the outbox for (and once ran outside the push's transaction, waiting forever
 * for the connection that transaction holds), so it is refused as an answer, never run.
 */
function resolve(service: CmsService, user: AuthUser, m: Mutation): Op {
  if (m.path.startsWith('/cms/')) {
    const target = entityByPath(m.path.slice('/cms/'.length));
    if (!target) throw new HttpError(404, 'not_found', `unknown call ${m.method} ${m.path}`);
    if (!isPushableCmsVerb(target.tail[0])) {
      throw new HttpError(400, 'not_a_write', 'errors:pushNotAWrite');
    }
    const op = cmsOperation(service, m.method, m.body, user, target.def, target.tail);
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
    private readonly db: Kysely<EntityStoreDb>,
    private readonly service: CmsService,
    private readonly kind: 'sqlite' | 'postgres',
  ) {}

  /**
   * The client's row, locked for this push on PostgreSQL so that two pushes of one client
   * run one after the other (SQLite runs whole transactions one at a time anyway). A client
   * id belongs to the user who first pushed with it: anybody else is refused before anything
   * is read or written (no stored answer leaks, its seq does not move).
   */
  private async lockClient(tx: StoreKysely, clientId: string, userId: string): Promise<number> {
    await tx
      .insertInto('syncClient')
      .values({ clientId, lastSeq: 0, userId, updatedAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('clientId').doNothing())
      .execute();
    let q = tx
      .selectFrom('syncClient')
      .select(['lastSeq', 'userId'])
      .where('clientId', '=', clientId);
    if (this.kind === 'postgres') q = q.forUpdate();
    const row = await q.executeTakeFirstOrThrow();
    if (row.userId !== userId) {
      throw new HttpError(403, 'client_of_another_user', 'errors:syncClientForeign');
    }
    return Number(row.lastSeq);
  }

  /**
   * Stores the batch's answers in the transaction of their effects, in one statement per
   * chunk. The client's lastSeq advances once per batch (`advanceClient`), in the same
   * transaction: effects, answers and lastSeq commit together or not at all.
   */
  private async record(tx: StoreKysely, clientId: string, answers: readonly Outcome[]) {
    const createdAt = new Date().toISOString();
    // 6 values a row: 100 rows stay far below SQLite's and PostgreSQL's parameter limits.
    for (let i = 0; i < answers.length; i += 100) {
      await tx
        .insertInto('syncMutation')
        .values(
          answers.slice(i, i + 100).map((answer) => ({
            clientId,
            mutationId: answer.mutationId,
            seq: answer.seq,
            status: answer.status,
            answer: JSON.stringify(answer),
            createdAt,
          })),
        )
        .execute();
    }
  }

  private async advanceClient(tx: StoreKysely, clientId: string, from: number, to: number) {
    if (to === from) return;
    await tx
      .updateTable('syncClient')
      .set({ lastSeq: to, updatedAt: new Date().toISOString() })
      .where('clientId', '=', clientId)
      .execute();
  }

  /** The stored answers of those mutations of the batch this client sent before. */
  private async earlierAnswers(tx: StoreKysely, clientId: string, mutations: Mutation[]) {
    const answers = new Map<string, Outcome>();
    const ids = mutations.map((m) => m.mutationId);
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await tx
        .selectFrom('syncMutation')
        .select(['mutationId', 'answer'])
        .where('clientId', '=', clientId)
        .where('mutationId', 'in', ids.slice(i, i + 500))
        .execute();
      for (const r of rows) answers.set(r.mutationId, JSON.parse(r.answer) as Outcome);
    }
    return answers;
  }

  private refusal(m: Mutation, err: HttpError): Outcome {
    return err.code === 'conflict' && err.details?.serverRow && err.details.fields
      ? {
          status: 'conflict',
          mutationId: m.mutationId,
          seq: m.seq,
          serverRow: err.details.serverRow,
          fields: err.details.fields,
        }
      : { status: 'rejected', mutationId: m.mutationId, seq: m.seq, error: err.toBody() };
  }

  /**
   * Applies one mutation inside a savepoint. A 4xx is an answer (the effect rolled back);
   * anything else stops the batch and is thrown. The caller stores the answer (`record`).
   */
  private async applyOne(
    trx: Transaction<EntityStoreDb>,
    user: AuthUser,
    clientId: string,
    m: Mutation,
  ): Promise<Outcome> {
    await sql`savepoint mutation`.execute(trx);
    // The row this call answers with is this client's: its next pull need not bring it back.
    setPushOrigin(trx, clientId);
    try {
      if (m.userId !== user.id) throw new HttpError(403, 'forbidden', 'entry of another user');
      const { statusCode, body } = await resolve(this.service, user, m)(trx);
      const answer: Outcome = {
        status: 'applied',
        mutationId: m.mutationId,
        seq: m.seq,
        httpStatus: statusCode,
        result: body,
      };
      await sql`release savepoint mutation`.execute(trx);
      return answer;
    } catch (err) {
      await sql`rollback to savepoint mutation`.execute(trx);
      await sql`release savepoint mutation`.execute(trx);
      forgetReserved(trx);
      // Refused as its single endpoint would refuse it (a caller's fault is an answer).
      const refused = err instanceof HttpError ? err : fromDatabase(err);
      if (!refused || refused.status >= 500) throw err;
      return this.refusal(m, refused);
    } finally {
      setPushOrigin(trx, null);
    }
  }

  /** The answer `m` gets if it is refused when applied now; null if it would be applied. */
  private async refusalOf(
    trx: Transaction<EntityStoreDb>,
    user: AuthUser,
    clientId: string,
    m: Mutation,
  ): Promise<Outcome | null> {
    await sql`savepoint probe`.execute(trx);
    try {
      const outcome = await this.applyOne(trx, user, clientId, m);
      return outcome.status === 'applied' ? null : outcome;
    } finally {
      await sql`rollback to savepoint probe`.execute(trx);
      await sql`release savepoint probe`.execute(trx);
      forgetReserved(trx);
    }
  }

  async push(user: AuthUser, req: PushRequest): Promise<PushResponse> {
    const mutations = [...req.mutations].sort((a, b) => a.seq - b.seq);
    return this.db.transaction().execute(async (trx) => {
      const results: PushResult[] = [];
      const first = await this.lockClient(trx, req.clientId, user.id);
      let last = first;
      if (mutations[0]!.seq > last + 1) {
        throw new HttpError(409, 'seq_gap', `expected seq ${last + 1}`, undefined, {
          expectedSeq: last + 1,
        });
      }
      const earlier = await this.earlierAnswers(trx, req.clientId, mutations);
      const answered: Outcome[] = [];
      reserveAhead(trx, mutations.length);
      for (const m of mutations) {
        const answer = earlier.get(m.mutationId);
        if (answer) {
          results.push(answer.status === 'applied' ? { ...answer, status: 'duplicate' } : answer);
          continue;
        }
        if (m.seq <= last) {
          // The device numbers behind the server (its stream state is older than ours): the
          // batch stops here, so nothing after this entry is applied out of the device's
          // order; the device re-bases at lastProcessedSeq + 1 and sends again (src/sync/push.ts).
          results.push({
            status: 'rejected',
            mutationId: m.mutationId,
            seq: m.seq,
            error: {
              status: 409,
              code: SEQ_REUSED,
              message: `seq ${m.seq} was used by another mutation`,
            },
          });
          break;
        }
        if (m.seq !== last + 1) break; // a gap inside the batch: stop, the client resends
        const waiting = await missingBlobs(trx, m);
        try {
          // A call waiting for a file is deferred only if it would be applied: one that is
          // refused anyway (its row was deleted meanwhile, a conflict) is answered now, so it
          // does not hold up the device's stream for a file that can never come.
          const refusal =
            waiting.length > 0 ? await this.refusalOf(trx, user, req.clientId, m) : null;
          if (waiting.length > 0 && !refusal) {
            results.push({
              status: 'deferred',
              mutationId: m.mutationId,
              seq: m.seq,
              waitingFor: waiting,
            });
            break; // later entries may depend on this one: keep the order
          }
          const outcome = refusal ?? (await this.applyOne(trx, user, req.clientId, m));
          // The same mutationId twice in one batch: the second is a duplicate, as in a retry.
          earlier.set(m.mutationId, outcome);
          answered.push(outcome);
          results.push(outcome);
        } catch {
          break; // a server fault: what was answered so far stands; the client retries the rest
        }
        last = m.seq;
      }
      await this.record(trx, req.clientId, answered);
      await this.advanceClient(trx, req.clientId, first, last);
      return { results, lastProcessedSeq: last };
    });
  }
}
