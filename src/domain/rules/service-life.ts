import { DGUV_WARNING_FINDING, type DguvFinding } from '../dguv-values';
import { addMonths, toCalendarDate } from './intervals';

/**
 * Service life of a hose assembly (docs/architecture.md, DGUV Regel 113-020): its age counts from
 * `productionDate`. A normal hose may be used 6 years including at most 2 years of storage —
 * since the age already counts from production, storage time is inside those 6 years and
 * needs no separate term. A critical hose (increased requirements, `isCritical`) 2 years.
 */
export const SERVICE_LIFE_MONTHS = { normal: 72, critical: 24 } as const;
/** The storage share of a normal hose's life (informational; included in the 72 months). */
export const MAX_STORAGE_MONTHS = 24;

export interface AgedPipe {
  productionDate: string | null;
  isCritical: boolean;
}

/**
 * The first day the hose is out of its service life ('YYYY-MM-DD'), or null when its
 * production date is unknown — then nothing can be said, and the technician judges by the
 * hose's marking.
 */
export function serviceLifeEnd(pipe: AgedPipe): string | null {
  if (!pipe.productionDate) return null;
  const months = pipe.isCritical ? SERVICE_LIFE_MONTHS.critical : SERVICE_LIFE_MONTHS.normal;
  return addMonths(pipe.productionDate, months);
}

/**
 * True from the day the hose reaches its maximum age: a hose made on 2018-03-01 is out on
 * 2024-03-01. Erring on that day is the safe side for a hose under pressure.
 */
export function isServiceLifeExceeded(pipe: AgedPipe, now: string | Date): boolean {
  const end = serviceLifeEnd(pipe);
  return end !== null && toCalendarDate(now) >= end;
}

/** Whole months since production (null: unknown), e.g. to show "5 years 3 months". */
export function ageInMonths(pipe: Pick<AgedPipe, 'productionDate'>, now: string | Date) {
  if (!pipe.productionDate) return null;
  const from = toCalendarDate(pipe.productionDate);
  const to = toCalendarDate(now);
  let months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    (Number(to.slice(5, 7)) - Number(from.slice(5, 7)));
  // Not yet a full month when the day of month has not come round (clamped like addMonths).
  if (addMonths(from, months) > to) months -= 1;
  return Math.max(0, months);
}

/**
 * Findings a new check of this hose starts with (docs/architecture.md): finding 9 when the hose is past
 * its life, so the technician cannot overlook it; nothing otherwise.
 */
export function preselectedFindings(pipe: AgedPipe, now: string | Date): DguvFinding[] {
  return isServiceLifeExceeded(pipe, now) ? [DGUV_WARNING_FINDING] : [];
}
