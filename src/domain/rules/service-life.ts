import { DGUV_WARNING_FINDING, type DguvFinding } from '../dguv-values';
import { addMonths, toCalendarDate } from './intervals';

/**
 * Service life of a hose assembly (docs/architecture.md, DGUV Regel 113-020): its age counts from
 * `productionDate`. A normal hose may be used 6 years including at most 2 years of storage
 * (installation − production, `isStorageTimeExceeded`). A critical hose (increased
 * requirements, `isCritical`) 2 years.
 */
export const SERVICE_LIFE_MONTHS = { normal: 72, critical: 24 } as const;
/**
 * The longest storage before installation (installation − production, docs/dguv-record.md);
 * within the 72 months of a normal hose's life.
 */
export const MAX_STORAGE_MONTHS = 24;

export interface AgedPipe {
  productionDate: string | null;
  isCritical: boolean;
  /** The day the assembly was fitted to the machine (null or absent: not recorded). */
  installationDate?: string | null;
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
 * Storage time (docs/dguv-record.md): a hose assembly may wait at most 2 years between its
 * production (the date stamped on the fitting) and its installation. The last allowed day of
 * installation is the day before `production + 24 months`; unknown when either date is missing.
 */
export function storageEnd(pipe: Pick<AgedPipe, 'productionDate' | 'installationDate'>) {
  if (!pipe.productionDate || !pipe.installationDate) return null;
  return addMonths(pipe.productionDate, MAX_STORAGE_MONTHS);
}

/**
 * True when the hose was installed after more than 2 years of storage: flagged like finding 9
 * (storage times and service life exceeded). False while either date is unknown — an unknown
 * production date is flagged by `isProductionDateUnknown`.
 */
export function isStorageTimeExceeded(
  pipe: Pick<AgedPipe, 'productionDate' | 'installationDate'>,
): boolean {
  const end = storageEnd(pipe);
  return end !== null && toCalendarDate(pipe.installationDate!) >= end;
}

/**
 * Finding 9's condition: the hose is past its service life OR was stored too long before its
 * installation. The one rule screens, reasons and presets ask ("storage times and service life
 * exceeded").
 */
export function isPastServiceLifeOrStorage(pipe: AgedPipe, now: string | Date): boolean {
  return isServiceLifeExceeded(pipe, now) || isStorageTimeExceeded(pipe);
}

/**
 * No production date recorded: the hose's age cannot be judged, so it is flagged wherever a
 * hose is listed (never taken as fine), and its check needs a comment (`checkNeedsComment`).
 */
export function isProductionDateUnknown(pipe: Pick<AgedPipe, 'productionDate'>): boolean {
  return !pipe.productionDate;
}

/**
 * A check of a hose without a production date must say, in its comment, how the hose was
 * judged (e.g. what its marking shows). True when such a check has no comment.
 */
export function checkNeedsComment(
  pipe: Pick<AgedPipe, 'productionDate'>,
  comment: string | null | undefined,
): boolean {
  return isProductionDateUnknown(pipe) && !(comment ?? '').trim();
}

/**
 * Findings a new check of this hose starts with (docs/architecture.md): finding 9 when the hose
 * is past its life or its storage time, so the technician cannot overlook it; nothing otherwise.
 */
export function preselectedFindings(pipe: AgedPipe, now: string | Date): DguvFinding[] {
  return isPastServiceLifeOrStorage(pipe, now) ? [DGUV_WARNING_FINDING] : [];
}
