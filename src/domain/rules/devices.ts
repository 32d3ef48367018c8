/**
 * What the office's Devices screen and the start screen's warning say about a device
 * (docs/sync.md "Device reports"), from the latest report the server keeps of it.
 */
import type { Device } from '../sync-contract';
import { isOfficeStaff, type PermissionSubject } from './permissions';

/** Unsent work older than this is a warning on the office's start screen. */
export const OLD_UNSENT_MS = 24 * 60 * 60 * 1000;

export type DeviceProblem = 'storageWiped' | 'oldUnsent' | 'refused' | 'storageAtRisk';

/** The office (ui-admininstrator) and administrators see every user's devices. */
export function canSeeAllDevices(user: PermissionSubject | null | undefined): boolean {
  return isOfficeStaff(user);
}

/** True when the device holds unsent work older than `OLD_UNSENT_MS` at `now`. */
export function hasOldUnsent(device: Device, now: number): boolean {
  if (device.report.pending === 0 || device.oldestPendingAt === null) return false;
  return now - Date.parse(device.oldestPendingAt) >= OLD_UNSENT_MS;
}

/** The device's problems, the worst first. */
export function deviceProblems(device: Device, now: number): DeviceProblem[] {
  const { report } = device;
  const problems: DeviceProblem[] = [];
  if (report.storageWiped) problems.push('storageWiped');
  if (hasOldUnsent(device, now)) problems.push('oldUnsent');
  if (report.refused > 0) problems.push('refused');
  if (report.storagePersisted === 'no') problems.push('storageAtRisk');
  return problems;
}

const RANK: Record<DeviceProblem, number> = {
  storageWiped: 0,
  oldUnsent: 1,
  refused: 2,
  storageAtRisk: 3,
};

/**
 * Devices with problems first — the worst problem first, then the newest contact — and the
 * rest by their last contact, newest first.
 */
export function sortDevices(devices: readonly Device[], now: number): Device[] {
  const worst = (d: Device) => {
    const problems = deviceProblems(d, now);
    return problems.length === 0 ? 99 : Math.min(...problems.map((p) => RANK[p]));
  };
  return [...devices].sort(
    (a, b) => worst(a) - worst(b) || b.lastContactAt.localeCompare(a.lastContactAt),
  );
}
