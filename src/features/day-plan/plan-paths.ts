import { hoseSwapPath, machineHosesPath } from '@lib/hose-paths';

/** The day plan's screens (docs/architecture.md routes) and the machine screens it links to. */
export const DAY_PLAN_PATH = '/day-plan';
export const MY_DAY_PATH = '/day-plan/mine';

export const machineDguvStart = (machineId: string) =>
  `/dguv?machine=${encodeURIComponent(machineId)}`;
export const machineHoses = machineHosesPath;

/** A machine's name as lists show it: type and inventory number. */
export const machineName = (m: { machineType: string | null; internalId: string }) =>
  [m.machineType, m.internalId].filter(Boolean).join(' · ');

/** The replaced hose's screen with the swap for a delivered line open (docs/hose-lifecycle.md). */
export const swapForLine = (
  companyId: string,
  line: { machineId: string; replacesPipeId: string; orderItemId: string },
) =>
  hoseSwapPath(
    { companyId, machineId: line.machineId, id: line.replacesPipeId },
    { line: line.orderItemId },
  );
