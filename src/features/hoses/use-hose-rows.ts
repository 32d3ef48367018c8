/**
 * The lines of a hose list: each live hose with its DGUV status (latest check, next due,
 * service life; computed on the device by src/db, read in stages by data/use-hose-list-data)
 * and, in the customer list, its machine. Built once per change of the rows, so a keystroke
 * only filters them. `statusesReady` tells the list when the inspection filter can be trusted
 * (every line has its status).
 */
import { useMemo } from 'react';
import type { EntityRow } from '@db/entity-tables';
import type { HoseListData } from './data/use-hose-list-data';
import { toHoseRow, type HoseRow } from './hose-filters';

type Machine = EntityRow<'machine'>;

export const machineLabel = (m: Pick<Machine, 'machineType' | 'internalId'>) =>
  m.machineType ? `${m.machineType} (${m.internalId})` : m.internalId;

/** What a screen hands to its HoseList: the lines and how far they are read. */
export interface HoseRows {
  /** undefined while the hoses load. */
  rows: readonly HoseRow[] | undefined;
  statusesReady: boolean;
  /** False while `rows` are only the first screen's hoses. */
  complete: boolean;
}

export function useHoseRows({ read, statuses, complete }: HoseListData): HoseRows {
  const rows = useMemo(() => {
    if (!read) return undefined;
    const labels = new Map(read.machines?.map((m) => [m.id, { id: m.id, label: machineLabel(m) }]));
    return read.pipes.map((p) => toHoseRow(p, statuses?.get(p.id), labels.get(p.machineId)));
  }, [read, statuses]);
  const statusesReady = useMemo(
    () => rows !== undefined && rows.every((r) => r.status !== undefined),
    [rows],
  );
  return { rows, statusesReady, complete };
}
