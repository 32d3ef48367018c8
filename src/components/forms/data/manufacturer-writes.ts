/**
 * The manufacturer name form's write (docs/architecture.md "Writes"): a new manufacturer or a
 * renamed one, through the mutator, the app's unless another is given.
 */
import { mutate, type Mutator } from '@sync';

/** Creates a manufacturer named `name`, or renames `row`; returns its id. */
export async function saveManufacturerName(
  row: { id: string } | null,
  name: string,
  m: Mutator = mutate,
): Promise<string> {
  if (row) {
    await m.update('manufacturer', row.id, { name });
    return row.id;
  }
  return (await m.create('manufacturer', { name })).id;
}
