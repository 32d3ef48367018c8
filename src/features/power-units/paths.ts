/** The URLs of the power-unit screens (docs/architecture.md), built from the current route's params. */
import { useParams } from 'react-router';
import type { PartEntityName } from '@domain/schemas/parts';
import { partSegment } from './part-kinds';

export interface PowerUnitPaths {
  customerId: string;
  machineId: string;
  powerUnitId: string;
  machine: string;
  list: string;
  create: string;
  powerUnit: string;
  edit: string;
  parts: (kind: PartEntityName) => string;
  partCreate: (kind: PartEntityName) => string;
  partEdit: (kind: PartEntityName, partId: string) => string;
}

export function powerUnitPaths(
  customerId: string,
  machineId: string,
  powerUnitId = '',
): PowerUnitPaths {
  const machine = `/customer/${customerId}/machine/${machineId}`;
  const powerUnit = `${machine}/power-unit/${powerUnitId}`;
  return {
    customerId,
    machineId,
    powerUnitId,
    machine,
    list: `${machine}/parts/power-units`,
    create: `${machine}/power-unit/create`,
    powerUnit,
    edit: `${powerUnit}/edit`,
    parts: (kind) => `${powerUnit}/${partSegment(kind)}`,
    partCreate: (kind) => `${powerUnit}/${partSegment(kind)}/create`,
    partEdit: (kind, partId) => `${powerUnit}/${partSegment(kind)}/${partId}`,
  };
}

/** Paths for the route being shown (params customerId, machineId, powerUnitId). */
export function usePowerUnitPaths(): PowerUnitPaths {
  const { customerId = '', machineId = '', powerUnitId = '' } = useParams();
  return powerUnitPaths(customerId, machineId, powerUnitId);
}
