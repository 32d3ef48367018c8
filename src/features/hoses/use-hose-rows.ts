/**
 * The lines of a hose list: each live hose with its DGUV status (latest check, next due,
 * service life; computed on the device by src/db) and, in the customer list, its machine.
 * undefined until both the hoses and their statuses are read, so the list never flashes
 * rows without their results (and the inspection filter never sees a half-read state).
 */
import { useMemo } from 'react';
import { usePipeStatuses } from '../../db/hooks';
import type { EntityRow } from '../../db/entity-tables';
import { toHoseRow, type HoseRow, type Pipe } from './hose-filters';

type Machine = EntityRow<'machine'>;

export const machineLabel = (m: Pick<Machine, 'machineType' | 'internalId'>) =>
  m.machineType ? `${m.machineType} (${m.internalId})` : m.internalId;

export function useHoseRows(
  pipes: readonly Pipe[] | undefined,
  machines?: readonly Machine[],
): readonly HoseRow[] | undefined {
  const statuses = usePipeStatuses(pipes);
  return useMemo(() => {
    if (!pipes || !statuses) return undefined;
    const labels = new Map(machines?.map((m) => [m.id, { id: m.id, label: machineLabel(m) }]));
    return pipes.map((p) => toHoseRow(p, statuses.get(p.id), labels.get(p.machineId)));
  }, [pipes, statuses, machines]);
}
