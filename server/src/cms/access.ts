/**
 * Who may read and write which entity (docs/operations.md, docs/architecture.md), enforced on every CMS call.
 * Rows a user may not see are answered as if they did not exist (404), never 403, so that
 * ids of other customers leak nothing.
 */
import { canPlanDays, dayPlanReach } from '@domain/rules/day-plan';
import { hasPermission, isCustomerUser } from '@domain/rules/permissions';
import type { AuthUser } from '../plugins/auth';
import type { EntityDef } from './registry';
import type { CmsEntityName } from './registry';

const DGUV_ENTITIES = new Set<CmsEntityName>(['dguvAudit', 'dguvAnswer', 'signature']);

/** May this user see rows of this entity at all (scope filtering comes on top)? */
export function canRead(user: AuthUser, _def: EntityDef): boolean {
  return Boolean(user.id);
}

export type WriteOp = 'create' | 'update' | 'delete';

/** May this user create, change or delete rows of this entity through the CMS? */
export function canWrite(user: AuthUser, def: EntityDef, op: WriteOp = 'create'): boolean {
  if (!hasPermission(user, 'can-edit')) return false; // customer users read only
  const name = def.name as CmsEntityName;
  if (DGUV_ENTITIES.has(name)) return hasPermission(user, 'module-dguv');
  if (name === 'product') return hasPermission(user, 'admin-shop');
  if (name === 'companySettings') return hasPermission(user, 'has-admin-permission');
  if (name === 'dayPlan') return canPlanDays(user);
  // Orders change state only through the shop API's rules, never by a raw CMS write. A
  // delivered line records the hose its swap installed (entity-rules: that field alone).
  if (name === 'orderItem') return op === 'update' && !isCustomerUser(user);
  if (name === 'order') return false;
  return true;
}

/**
 * The company a customer user is limited to, or null for staff (who see every customer).
 * Global and singleton rows are visible to everyone signed in.
 */
export function scopeCompany(user: AuthUser, def: EntityDef): string | null {
  if (def.scope !== 'company') return null;
  return isCustomerUser(user) ? user.customer : null;
}

/**
 * Rows of an entity a user sees beyond the customer scope: none at all, only those whose
 * `field` holds `value`, or (null) every row in scope. Day plans go to the planners and to
 * their technician only (rules/day-plan `dayPlanReach`), never to customer users. Every read
 * path applies it: a CMS read or query, a relation loaded into an answer, the sync pull.
 */
export type RowFilter = 'none' | { field: string; value: string } | null;

export function readFilter(user: AuthUser, def: EntityDef): RowFilter {
  if (def.name !== 'dayPlan') return null;
  const reach = dayPlanReach(user);
  if (reach === 'none') return 'none';
  return reach === 'own' ? { field: 'technicianId', value: user.id } : null;
}
