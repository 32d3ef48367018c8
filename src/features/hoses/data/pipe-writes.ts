/**
 * The hose feature's writes (docs/architecture.md "Writes"), each through the mutator so it
 * works offline and syncs: create, edit (from the version the form was opened on), delete.
 * Each takes the mutator last, the app's by default.
 */
import type { EntityRow } from '@db/entity-tables';
import { mutate, type CreateInput, type Mutator, type UpdateInput } from '@sync';

export function createPipe(input: CreateInput<'pipe'>, m: Mutator = mutate): Promise<EntityRow<'pipe'>> {
  return m.create('pipe', input);
}

/** Saves the edit form; `baseVersion` is the version the form was opened on. */
export function updatePipe(
  id: string,
  input: UpdateInput<'pipe'>,
  baseVersion: number,
  m: Mutator = mutate,
): Promise<EntityRow<'pipe'>> {
  return m.update('pipe', id, input, { baseVersion });
}

export async function removePipe(id: string, m: Mutator = mutate): Promise<void> {
  await m.remove('pipe', id);
}
