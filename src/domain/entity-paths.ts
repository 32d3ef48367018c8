/**
 * The docs/api.md path segment(s) of every entity under /api/cms (e.g. pipe → 'machinepart/hosepipe').
 * One map for the server's entity registry and the client's outbox, so that a queued call and
 * the endpoint that replays it can never disagree about where an entity lives.
 */
import type { EntityName } from './entities';

/** docs/api.md names company, audit/dguv, audit/dguvhosepipeanswer and machinepart/hosepipe. */
export const ENTITY_PATHS: Record<EntityName, string> = {
  company: 'company',
  location: 'company/location',
  contact: 'company/contact',
  companySettings: 'settings',
  manufacturer: 'manufacturer',
  machine: 'machine',
  aggregate: 'machinepart/aggregate',
  tank: 'machinepart/tank',
  valve: 'machinepart/valve',
  filter: 'machinepart/filter',
  memory: 'machinepart/memory',
  consumer: 'machinepart/consumer',
  controller: 'machinepart/controller',
  safetyValve: 'machinepart/safetyvalve',
  motorPumpUnit: 'machinepart/motorpumpunit',
  pipe: 'machinepart/hosepipe',
  dguvAudit: 'audit/dguv',
  dguvAnswer: 'audit/dguvhosepipeanswer',
  signature: 'audit/signature',
  inspection: 'report/inspection',
  maintenance: 'report/maintenance',
  document: 'document',
  product: 'shop/product',
  order: 'shop/order',
  orderItem: 'shop/orderitem',
  dayPlan: 'dayplan',
  profile: 'profile',
};

export type CmsVerb = 'create' | 'update' | 'delete';

/** The path under /api of a docs/api.md write call, e.g. '/cms/machinepart/hosepipe/update/<id>'. */
export function cmsCallPath(entity: EntityName, verb: CmsVerb, id?: string): string {
  const base = `/cms/${ENTITY_PATHS[entity]}/${verb}`;
  return id === undefined ? base : `${base}/${id}`;
}
