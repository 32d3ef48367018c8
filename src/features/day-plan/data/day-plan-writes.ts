/**
 * The day plan's writes (docs/architecture.md "Writes"), through the mutator so a plan made
 * offline syncs later. Office roles only; the server refuses anyone else.
 */
import type { EntityRow } from '@db/entity-tables';
import { mutate, type Mutator } from '@sync';

export interface PlanDraft {
  companyId: string;
  date: string;
  technicianId: string;
  locationIds: string[];
  machineIds: string[];
  note: string | null;
}

export function createDayPlan(draft: PlanDraft, m: Mutator = mutate): Promise<EntityRow<'dayPlan'>> {
  return m.create('dayPlan', draft);
}

export function updateDayPlan(
  id: string,
  draft: Omit<PlanDraft, 'companyId'>,
  baseVersion: number,
  m: Mutator = mutate,
): Promise<EntityRow<'dayPlan'>> {
  return m.update('dayPlan', id, draft, { baseVersion });
}

export async function removeDayPlan(id: string, m: Mutator = mutate): Promise<void> {
  await m.remove('dayPlan', id);
}
