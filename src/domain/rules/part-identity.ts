/**
 * What identifies a part of a power unit: every field of a part is
 * optional because type plates are often unreadable, but a part with none of these facts
 * cannot be told apart from any other of its kind — at least one of them must be recorded.
 */
import type { PartEntityName } from '../schemas/parts';

export const PART_IDENTITY: Record<PartEntityName, readonly string[]> = {
  tank: ['volume', 'oilVolume', 'oilArt'],
  valve: ['artLabel', 'valveType', 'manufacturerId'],
  filter: ['filterType', 'filterArt', 'filterElement', 'manufacturerId'],
  memory: ['memoryType', 'serialNumber', 'memoryLabel', 'manufacturerId', 'volume'],
  consumer: ['consumerArt', 'consumerType', 'manufacturerId'],
  controller: ['controlUnitType', 'unitType', 'manufacturerId'],
  safetyValve: ['typeLabel', 'serialNumber', 'pressure'],
  motorPumpUnit: ['pumpArt', 'pumpType', 'manufacturerId', 'power'],
};

const present = (v: unknown) =>
  v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** True when at least one identifying fact of the kind is recorded. */
export function isIdentified(kind: PartEntityName, values: Record<string, unknown>): boolean {
  return PART_IDENTITY[kind].some((field) => present(values[field]));
}
