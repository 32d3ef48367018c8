/**
 * The admin's manufacturer writes (docs/architecture.md "Writes"); create and rename are the
 * shared name form's (components/forms/data/manufacturer-writes.ts). Through the mutator, the
 * app's unless another is given.
 */
import { mutate, type Mutator } from '@sync';

/** Deletes a manufacturer (the list refuses it first while hoses or machines name it). */
export async function removeManufacturer(id: string, m: Mutator = mutate): Promise<void> {
  await m.remove('manufacturer', id);
}
