/**
 * How many reports of each kind a machine has (the counts of its dashboard's document tabs):
 * DGUV audits, inspections and maintenance reports, deleted rows left out. Counted here from
 * the synced rows, not through the report features' queries — features never import each
 * other, and a count needs no result summaries.
 */
import type { SchlauchDb } from '@db/database';
import { listBy } from '@db/entity-repository';
import { useDbQuery } from '@db/hooks';

/** Keyed by the document tab (DOCUMENT_TABS) the reports are listed on. */
export type ReportCounts = Record<'DGUV' | 'INSPECTION' | 'MAINTENANCE', number>;

export async function machineReportCounts(db: SchlauchDb, machineId: string): Promise<ReportCounts> {
  const [audits, inspections, maintenance] = await Promise.all([
    listBy(db, 'dguvAudit', 'machineId', machineId),
    listBy(db, 'inspection', 'machineId', machineId),
    listBy(db, 'maintenance', 'machineId', machineId),
  ]);
  return {
    DGUV: audits.length,
    INSPECTION: inspections.length,
    MAINTENANCE: maintenance.length,
  };
}

/** Live report counts of one machine; undefined while loading. */
export function useMachineReportCounts(machineId: string) {
  return useDbQuery((db) => machineReportCounts(db, machineId), [machineId]);
}
