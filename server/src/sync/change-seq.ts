/**
 * The change sequence of the pull feed (DESIGN §4). Every write of an entity row takes the next
 * number from ONE counter row inside its own transaction. The counter row stays locked until
 * that transaction commits, so numbers become visible in commit order — a reader never sees
 * seq n+1 before seq n is committed, and the pull cursor never skips a late-committing row
 * (a plain sequence would hand out numbers in start order and could).
 */
import type { CmsKysely } from '../cms/rows';

export async function nextChangeSeq(tx: CmsKysely): Promise<number> {
  return reserveChangeSeqs(tx, 1);
}

/** Reserves `n` consecutive numbers for a bulk write; returns the first. */
export async function reserveChangeSeqs(tx: CmsKysely, n: number): Promise<number> {
  const row = await tx
    .updateTable('changeCounter')
    .set((eb) => ({ value: eb(eb.ref('value'), '+', n) }))
    .where('id', '=', 1)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - n + 1;
}

/** Field → the row version at which it last changed (for merging concurrent edits). */
export type FieldVersions = Record<string, number>;

export function parseFieldVersions(raw: unknown): FieldVersions {
  if (typeof raw !== 'string' || raw === '') return {};
  const parsed: unknown = JSON.parse(raw);
  return parsed && typeof parsed === 'object' ? (parsed as FieldVersions) : {};
}

/** The fields whose value differs between two versions of a row. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: string[],
): string[] {
  return fields.filter(
    (f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null),
  );
}
