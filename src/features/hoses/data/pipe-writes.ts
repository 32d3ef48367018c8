/**
 * The hose feature's writes (docs/architecture.md "Writes"), each through the mutator so it
 * works offline and syncs: create, edit (from the version the form was opened on), delete.
 * Each takes the mutator last, the app's by default.
 */
import type { EntityRow } from '@db/entity-tables';
import { uuidv7 } from '@domain/ids';
import { swapIssue } from '@domain/rules/hose-life';
import { toCalendarDate } from '@domain/rules/intervals';
import { MutationError, mutate, type CreateInput, type Mutator, type UpdateInput } from '@sync';

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

/** The technical data a new assembly takes over from the hose it replaces (each may differ). */
const TAKEN_OVER = [
  'isCritical',
  'maxPn',
  'dn',
  'hoseType',
  'hoseManufacturer',
  'length',
  'fittingSystem',
  'fittingLeft',
  'fittingRight',
  'withProtection',
  'withRope',
  'productId',
] as const;

export type SwapTechnical = Partial<Pick<EntityRow<'pipe'>, (typeof TAKEN_OVER)[number]>>;

export interface SwapInput {
  /** The new assembly's code: a new one, or the old one where codes stay with the position. */
  code: string;
  productionDate: string | null;
  installationDate: string | null;
  /** The day the old hose came off (default: the installation date, else today). */
  retiredAt?: string;
  retiredReason?: string | null;
  /** Technical data that differs from the old hose. */
  technical?: SwapTechnical;
  /** The delivered order line whose assembly is installed now. */
  orderItemId?: string | null;
}

/**
 * "Replaced by a new assembly" (docs/hose-lifecycle.md) as one action, offline: the old hose is
 * retired and names its successor, the new hose takes its machine, position and technical data
 * and names its predecessor, and the order line it came with is installed. The retirement is
 * queued first and the new hose waits for it, so the server applies them in this order (a code
 * kept for the position is free only once its holder is retired).
 */
export async function swapPipe(
  old: EntityRow<'pipe'>,
  input: SwapInput,
  m: Mutator = mutate,
): Promise<EntityRow<'pipe'>> {
  const issue = swapIssue(old, old);
  if (issue) throw new MutationError('validation', issue, 'retiredAt');
  const id = uuidv7();
  const retiredAt = input.retiredAt ?? input.installationDate ?? toCalendarDate(new Date());
  await m.update('pipe', old.id, {
    retiredAt,
    retiredReason: input.retiredReason ?? null,
    successorId: id,
  });
  const taken = Object.fromEntries(TAKEN_OVER.map((k) => [k, old[k]])) as SwapTechnical;
  const created = await m.create(
    'pipe',
    {
      ...taken,
      ...input.technical,
      id,
      companyId: old.companyId,
      machineId: old.machineId,
      position: old.position,
      code: input.code,
      productionDate: input.productionDate,
      installationDate: input.installationDate,
      predecessorId: old.id,
    },
    { after: [old.id] },
  );
  if (input.orderItemId) {
    await m.update('orderItem', input.orderItemId, { installedPipeId: id }, { after: [id] });
  }
  return created;
}
