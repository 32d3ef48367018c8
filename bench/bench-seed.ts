/**
 * Set-up shared by the load benchmarks: many creates in sync pushes of 200 (the sync engine's
 * way), and a customer user's token — with its users row, written by the server's own users
 * repository, so the token is accepted like a real sign-in's.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, importJWK, type JWK } from 'jose';
import { uuidv7 } from '../src/domain/ids';
import type { Mutation, PushResponse } from '../src/domain/sync-contract';
import { insertUser } from '../server/src/modules/users/users.repository';
import { loadProviderKeys } from '../server/src/oidc/keys';
import type { BenchServer } from './bench-server';

export const BATCH = 200;

/** Mutations creating `rows` of `entity`, numbered on from `firstSeq`. */
export function createMutations(
  userId: string,
  entity: string,
  rows: readonly Record<string, unknown>[],
  firstSeq: number,
): Mutation[] {
  return rows.map((data, i) => ({
    seq: firstSeq + i,
    mutationId: uuidv7(),
    userId,
    name: 'cms.create',
    method: 'POST',
    path: `/cms/${entity}/create`,
    body: { data },
    recordId: null,
    baseVersion: null,
    changedFields: null,
    dependsOn: [],
    schemaVersion: 1,
  }));
}

/** One device of one user pushing: `push` sends a batch and throws unless all applied. */
export function pusher(s: BenchServer, token: string, userId: string) {
  const clientId = randomUUID();
  let seq = 0;
  const push = async (mutations: Mutation[]) => {
    const res = await fetch(`${s.url}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, mutations }),
    });
    if (!res.ok) throw new Error(`push: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as PushResponse;
    const refused = answer.results.find((r) => r.status !== 'applied');
    if (refused) throw new Error(`push refused: ${JSON.stringify(refused)}`);
  };
  return {
    push,
    next: (entity: string, rows: readonly Record<string, unknown>[]) => {
      const batch = createMutations(userId, entity, rows, seq + 1);
      seq += rows.length;
      return batch;
    },
    async createMany(entity: string, rows: readonly Record<string, unknown>[]) {
      for (let i = 0; i < rows.length; i += BATCH)
        await push(this.next(entity, rows.slice(i, i + BATCH)));
    },
  };
}

/** A customer user of `companyId` (no roles), as the embedded provider would sign them in. */
export async function customerToken(s: BenchServer, companyId: string): Promise<string> {
  const id = randomUUID();
  await insertUser(s.db.kysely, {
    id,
    username: `bench-kunde-${id}`,
    passwordHash: '!',
    firstName: 'Bench',
    lastName: 'Kunde',
    email: null,
    roles: [],
    customerId: companyId,
  });
  const { jwks } = await loadProviderKeys(s.db.kysely);
  const jwk = jwks.keys[0] as JWK;
  return new SignJWT({
    realm_access: { roles: [] },
    customer_id: companyId,
    preferred_username: 'kunde',
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(id)
    .setIssuer(s.issuer)
    .setAudience(s.audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}

/** The q-th quantile (0–1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

/** Hoses (one per id) of one machine with varied dimensions, as a real machine has them. */
export function benchHoses(companyId: string, machineId: string, ids: readonly string[]) {
  return ids.map((id, i) => ({
    id,
    companyId,
    machineId,
    position: i + 1,
    code: `SN-${String(i + 1).padStart(5, '0')}`,
    isCritical: i % 7 === 0,
    dn: [6, 8, 10, 12, 16, 20][i % 6],
    maxPn: [250, 350, 420][i % 3],
    length: 500 + ((i * 37) % 2500),
    productionDate: '2023-05-01',
  }));
}
