/**
 * The machine feature's writes (docs/architecture.md "Writes"), each through the mutator so it
 * works offline and syncs: the creation wizard (the machine, then each power unit), edit, photo,
 * delete, and the machine's documents (the file stored on the device, then its row). Each takes
 * the mutator last, the app's by default.
 */
import type { EntityRow } from '@db/entity-tables';
import type { MachineWizard } from '@domain/schemas/machine';
import { captureDocument, mutate, type Mutator, type UpdateInput } from '@sync';

/** The wizard's machine for `customerId`, then each of its power units. */
export async function createMachine(
  customerId: string,
  wizard: MachineWizard,
  m: Mutator = mutate,
): Promise<EntityRow<'machine'>> {
  const machine = await m.create('machine', { ...wizard.machine, companyId: customerId });
  for (const unit of wizard.aggregates) {
    await m.create('aggregate', { ...unit, machineId: machine.id, companyId: customerId });
  }
  return machine;
}

/** Saves the edit form; `baseVersion` is the version the form was opened on. */
export function updateMachine(
  id: string,
  changes: UpdateInput<'machine'>,
  baseVersion: number,
  m: Mutator = mutate,
): Promise<EntityRow<'machine'>> {
  return m.update('machine', id, changes, { baseVersion });
}

/** The machine's photo (a blob id already stored on the device) or none. */
export async function setMachinePhoto(
  id: string,
  photo: string | null,
  m: Mutator = mutate,
): Promise<void> {
  await m.update('machine', id, { photo });
}

export async function removeMachine(id: string, m: Mutator = mutate): Promise<void> {
  await m.remove('machine', id);
}

/**
 * A document of the machine: the file is stored on the device (refused when it is no PDF, JPG
 * or PNG, or the device is full), then its row is written; the blob queue uploads the file.
 */
export async function addMachineDocument(
  machineId: string,
  file: File,
  m: Mutator = mutate,
): Promise<EntityRow<'document'>> {
  const doc = await captureDocument(file, { entity: 'machine', rowId: machineId });
  return m.create('document', {
    machineId,
    kind: 'DOCUMENT',
    name: doc.name,
    mimeType: doc.mimeType,
    size: doc.size,
    fileId: doc.blobId,
  });
}

export async function removeMachineDocument(id: string, m: Mutator = mutate): Promise<void> {
  await m.remove('document', id);
}
