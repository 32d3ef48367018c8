/** A machine's display name for report headers: undefined while loading, null when missing. */
import { useRow } from '@db/hooks';
import { machineName } from './report-kinds';

export function useMachineName(machineId: string): string | null | undefined {
  const machine = useRow('machine', machineId);
  const maker = useRow('manufacturer', machine?.manufacturerId);
  if (machine === undefined) return undefined;
  if (machine === null) return null;
  const name = machineName(maker?.name, machine);
  return name === machine.internalId ? name : `${name} · ${machine.internalId}`;
}
