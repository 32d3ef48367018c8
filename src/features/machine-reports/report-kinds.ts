/**
 * What the inspection and maintenance screens share about their two report kinds (docs/architecture.md
 * machine inspection/…, maintenance/…): the translation namespace of each, their routes below
 * a machine, and the calendar day a new report gets.
 */
import type { ReportEntity, ReportRow } from './data/report-queries';

export type { ReportEntity, ReportRow };

/** Each kind's texts live in its feature's namespace; shared keys exist in both. */
export type ReportNs = 'inspections' | 'maintenance';
export const REPORT_NS: Record<ReportEntity, ReportNs> = {
  inspection: 'inspections',
  maintenance: 'maintenance',
};

/** The namespace of a kind, typed as the union (generic callers lose the key types otherwise). */
export const nsOf = (entity: ReportEntity): ReportNs => REPORT_NS[entity];

export interface ReportPaths {
  machine: string;
  /** The machine's documents tab of this kind (the report list). */
  list: string;
  /** The checklist / work screen; `id` continues that draft, `finish` opens the signing step. */
  audit: (id?: string, finish?: boolean) => string;
  report: (id: string) => string;
}

export function reportPaths(entity: ReportEntity, customerId: string, machineId: string) {
  const machine = `/customer/${customerId}/machine/${machineId}`;
  const paths: ReportPaths = {
    machine,
    list: `${machine}/documents/${entity}`,
    audit: (id, finish) => {
      const query = new URLSearchParams();
      if (id) query.set('id', id);
      if (finish) query.set('step', 'finish');
      const text = query.toString();
      return `${machine}/${entity}/audit${text ? `?${text}` : ''}`;
    },
    report: (id) => `${machine}/${entity}/${id}`,
  };
  return paths;
}

/** Today on this device as 'YYYY-MM-DD' (local calendar day, not UTC). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Manufacturer and type of a machine, else its inventory number. */
export function machineName(
  manufacturer: string | null | undefined,
  machine: { machineType: string | null; internalId: string },
): string {
  return [manufacturer, machine.machineType].filter(Boolean).join(' ') || machine.internalId;
}
