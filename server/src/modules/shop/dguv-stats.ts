/**
 * DGUV stats of the shop API (docs/api.md) for a machine, a customer or a location: the rows of
 * the scope (dguv-scope-rows) counted by rules/dguv-status, the device's rule too.
 */
import { dguvStats as computeDguvStats } from '@domain/rules/dguv-status';
import type { DguvStats } from '@domain/schemas/dguv-audit';
import type { StoreKysely } from '@server/cms/rows';
import type { AuthUser } from '@server/plugins/auth';
import { rowsInScope, SCOPE_ENTITY, type StatsScope } from './dguv-scope-rows';
import { findForUser } from './shop.repository';
import { notFound } from './shop.schemas';

export { pipeStatusesInScope, rowsInScope, STATS_SCOPES, type StatsScope } from './dguv-scope-rows';

/** Stats for one scope; a scope the user may not see is unknown (404). */
export async function dguvStats(
  db: StoreKysely,
  user: AuthUser,
  scope: StatsScope,
  id: string,
  now: Date = new Date(),
): Promise<DguvStats> {
  if (!(await findForUser(db, user, SCOPE_ENTITY[scope], id))) throw notFound(scope);
  return computeDguvStats(await rowsInScope(db, scope, id), now);
}
