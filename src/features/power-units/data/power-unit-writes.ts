/**
 * The power unit and part writes (docs/architecture.md "Writes"), each through the mutator so
 * it works offline and syncs: a power unit's create, edit, photo and delete, and the same for
 * the parts of every kind. Each takes the mutator last, the app's by default.
 */
import type { EntityRow } from '@db/entity-tables';
import type { PartEntityName } from '@domain/schemas/parts';
import { mutate, type CreateInput, type Mutator, type UpdateInput } from '@sync';

export function createPowerUnit(
  input: CreateInput<'aggregate'>,
  m: Mutator = mutate,
): Promise<EntityRow<'aggregate'>> {
  return m.create('aggregate', input);
}

/** Saves the edit form; `baseVersion` is the version the form was opened on. */
export function updatePowerUnit(
  id: string,
  input: UpdateInput<'aggregate'>,
  baseVersion: number | undefined,
  m: Mutator = mutate,
): Promise<EntityRow<'aggregate'>> {
  return m.update('aggregate', id, input, { baseVersion });
}

/** The power unit's photo (a blob id already stored on the device) or none. */
export async function setPowerUnitPhoto(
  id: string,
  photo: string | null,
  m: Mutator = mutate,
): Promise<void> {
  await m.update('aggregate', id, { photo });
}

export async function removePowerUnit(id: string, m: Mutator = mutate): Promise<void> {
  await m.remove('aggregate', id);
}

export async function createPart<K extends PartEntityName>(
  kind: K,
  input: CreateInput<K>,
  m: Mutator = mutate,
): Promise<void> {
  await m.create(kind, input);
}

/** Saves a part's edit form; `baseVersion` is the version the form was opened on. */
export async function updatePart<K extends PartEntityName>(
  kind: K,
  id: string,
  input: UpdateInput<K>,
  baseVersion: number | undefined,
  m: Mutator = mutate,
): Promise<void> {
  await m.update(kind, id, input, { baseVersion });
}

export async function removePart(kind: PartEntityName, id: string, m: Mutator = mutate): Promise<void> {
  await m.remove(kind, id);
}
