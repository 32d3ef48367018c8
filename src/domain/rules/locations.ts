/**
 * Which of a customer's addresses a machine may stand at (docs/architecture.md glossary
 * "location"): the main site and delivery addresses are places; an invoice address is where
 * the bills go (often only a PO box) and is never offered as a machine's location.
 */
import type { AddressType } from '../schemas/enums';

export function isMachineLocation(location: { type: AddressType }): boolean {
  return location.type !== 'INVOICE';
}

/**
 * The addresses a machine location picker offers: every place, plus the one already chosen
 * (an older machine may still point at an invoice address; it stays visible until changed).
 */
export function machineLocationChoices<T extends { id: string; type: AddressType }>(
  locations: readonly T[],
  currentId?: string | null,
): T[] {
  return locations.filter((l) => isMachineLocation(l) || l.id === currentId);
}
