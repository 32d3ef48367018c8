/**
 * oidc-provider storage adapter on our database (table oidc_payload), so that sessions,
 * grants, codes and interactions survive a restart and are shared by every server instance.
 */
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema';

/** Models whose rows belong to a grant and are revoked with it. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export class DbAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Kysely<Database>,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      consumedAt: null,
    };
    await this.db
      .insertInto('oidcPayload')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grantId: row.grantId,
          userCode: row.userCode,
          uid: row.uid,
          expiresAt: row.expiresAt,
        }),
      )
      .execute();
  }

  private async findWhere(
    column: 'id' | 'uid' | 'userCode',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidcPayload')
      .select(['payload', 'expiresAt', 'consumedAt'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expiresAt && Date.parse(row.expiresAt) <= Date.now()) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    if (row.consumedAt) payload.consumed = Math.floor(Date.parse(row.consumedAt) / 1000);
    return payload;
  }

  find(id: string) {
    return this.findWhere('id', id);
  }

  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('userCode', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidcPayload')
      .set({ consumedAt: new Date().toISOString() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidcPayload')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidcPayload').where('grantId', '=', grantId).execute();
  }
}

/** Removes expired rows; run at start and periodically. */
export async function purgeExpired(db: Kysely<Database>): Promise<number> {
  const res = await db
    .deleteFrom('oidcPayload')
    .where('expiresAt', '<', new Date().toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
