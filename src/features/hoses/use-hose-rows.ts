/**
 * The lines of a hose list: each live hose with its DGUV status (latest check, next due,
 * service life; computed on the device by src/db) and, in the customer list, its machine.
 * The lines come as soon as the hoses are read; the statuses follow (one more read over the
 * checks), so a long list shows its first lines without waiting for them. `statusesReady`
 * tells the list when the inspection filter can be trusted.
 */
import { useMemo } from 'react';
import { usePipeStatuses } from '../../db/hooks';
import type { EntityRow } from '../../db/entity-tables';
import { toHoseRow, type HoseRow, type Pipe } from './hose-filters';

type Machine = EntityRow<'machine'>;

export const machineLabel = (m: Pick<Machine, 'machineType' | 'internalId'>) =>
  m.machineType ? `${m.machineType} (${m.internalId})` : m.internalId;

export interface HoseRows {
  /** undefined while the hoses load. */
  rows: readonly HoseRow[] | undefined;
  statusesReady: boolean;
}

export function useHoseRows(
  pipes: readonly Pipe[] | undefined,
  machines?: readonly Machine[],
): HoseRows {
  const statuses = usePipeStatuses(pipes);
  const rows = useMemo(() => {
    if (!pipes) return undefined;
    const labels = new Map(machines?.map((m) => [m.id, { id: m.id, label: machineLabel(m) }]));
    return pipes.map((p) => toHoseRow(p, statuses?.get(p.id), labels.get(p.machineId)));
  }, [pipes, statuses, machines]);
  return { rows, statusesReady: statuses !== undefined };
}
