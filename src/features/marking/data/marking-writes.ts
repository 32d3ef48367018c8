/**
 * The writes of "Read marking" (docs/architecture.md "Writes"), through the mutator so they work
 * offline and sync: the marking's photo is stored on the device (the blob queue uploads it when
 * online) and named by the hose as evidence; in a hose check the confirmed fields are written
 * to the hose as well. Each takes the mutator last, the app's by default.
 */
import { captureImage, mutate, type Mutator, type UpdateInput } from '@sync';
import type { MarkingFields } from '../marking-fields';

/** The confirmed fields as the hose's update (only those given; the date's source is not stored). */
export function markingUpdate(fields: MarkingFields): UpdateInput<'pipe'> {
  const out: Record<string, unknown> = {};
  if (fields.productionDate) out.productionDate = fields.productionDate;
  if (fields.dn !== undefined) out.dn = fields.dn;
  if (fields.maxPn !== undefined) out.maxPn = fields.maxPn;
  if (fields.hoseType) out.hoseType = fields.hoseType;
  if (fields.hoseManufacturer) out.hoseManufacturer = fields.hoseManufacturer;
  return out as UpdateInput<'pipe'>;
}

/** Stores the marking's photo on the device and links it to hose `pipeId`; returns its id. */
export async function keepMarkingPhoto(
  pipeId: string,
  photo: Blob,
  m: Mutator = mutate,
): Promise<string> {
  const markingPhotoId = await captureImage(photo, {
    entity: 'pipe',
    rowId: pipeId,
    field: 'markingPhotoId',
    name: 'marking.jpg',
  });
  await m.update('pipe', pipeId, { markingPhotoId });
  return markingPhotoId;
}

/** A hose check's "Read marking": the confirmed fields and the photo, written to the hose. */
export async function applyMarkingToPipe(
  pipeId: string,
  fields: MarkingFields,
  photo: Blob,
  m: Mutator = mutate,
): Promise<void> {
  const markingPhotoId = await captureImage(photo, {
    entity: 'pipe',
    rowId: pipeId,
    field: 'markingPhotoId',
    name: 'marking.jpg',
  });
  await m.update('pipe', pipeId, { ...markingUpdate(fields), markingPhotoId });
}
