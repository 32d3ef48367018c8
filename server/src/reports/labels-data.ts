/**
 * What the hose labels of a machine print: the machine's live hoses by position
 * (all, or the chosen ones), each with its link, its installation date and its next due date by the one DGUV rule
 * (rules/dguv-status through the shop's `pipeStatusesInScope`, as the device computes it).
 * The machine row has been checked visible by the caller; the hoses are read within its
 * customer.
 */
import { hoseLink } from '@domain/rules/hose-link';
import type { StoreKysely } from '../cms/rows';
import type { EntityRow } from '../db/entity-tables';
import { pipeStatusesInScope } from '../modules/shop/dguv-stats';
import type { HoseLabel } from './labels-pdf';
import { str, type ReportRows } from './report-rows';

/** The app's name for a machine (features/hoses: type and inventory number). */
export function machineName(machine: EntityRow<'machine'>): string {
  const type = str(machine.machineType);
  const internalId = str(machine.internalId);
  return type ? `${type} (${internalId})` : internalId;
}

/**
 * The labels of `machine`'s hoses; `pipeIds` empty: all of them. Chosen ids that are not a
 * live hose of this machine are left out (the caller refuses an empty result).
 */
export async function loadHoseLabels(
  cms: StoreKysely,
  rows: ReportRows,
  machine: EntityRow<'machine'>,
  pipeIds: readonly string[],
  publicUrl: string,
): Promise<HoseLabel[]> {
  const machineId = str(machine.id);
  const wanted = new Set(pipeIds);
  const pipes = (await rows.where('pipe', 'machineId', machineId))
    .filter((p) => wanted.size === 0 || wanted.has(str(p.id)))
    .sort((a, b) => Number(a.position) - Number(b.position));
  const statuses = await pipeStatusesInScope(cms, 'machine', machineId);
  const name = machineName(machine);
  return pipes.map((p) => ({
    code: str(p.code),
    position: Number(p.position),
    machine: name,
    installationDate: str(p.installationDate) || null,
    nextDue: statuses.get(str(p.id))?.nextDue ?? null,
    link: hoseLink(publicUrl, str(p.code)),
  }));
}
