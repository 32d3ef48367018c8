/**
 * The change sequence of the pull feed (docs/sync.md). Every write of an entity row takes the next
 * number from ONE counter row inside its own transaction. The counter row stays locked until
 * that transaction commits, so numbers become visible in commit order — a reader never sees
 * seq n+1 before seq n is committed, and the pull cursor never skips a late-committing row
 * (a plain sequence would hand out numbers in start order and could).
 */
import { fieldValue, type StoreKysely } from '../cms/rows';

/** Numbers reserved ahead for one transaction (a sync push): handed out in call order. */
interface Block {
  next: number;
  end: number;
  size: number;
}
const blocks = new WeakMap<StoreKysely, Block>();

/**
 * A bulk writer (the sync push) lets its transaction take numbers `size` at a time: one counter
 * update per block instead of one per row. The counter row stays locked by the first update
 * until commit, so the commit-order guarantee holds; numbers a block did not use are a gap,
 * which the pull feed never relies on (it only orders by seq).
 */
export function reserveAhead(tx: StoreKysely, size: number): void {
  blocks.set(tx, { next: 0, end: 0, size: Math.max(1, size) });
}

/**
 * After a rollback (to a savepoint) the counter may be back before the block: the numbers not
 * handed out yet are forgotten and the next call reserves afresh from the counter.
 */
export function forgetReserved(tx: StoreKysely): void {
  const block = blocks.get(tx);
  if (block) block.next = block.end = 0;
}

export async function nextChangeSeq(tx: StoreKysely): Promise<number> {
  const block = blocks.get(tx);
  if (!block) return reserveChangeSeqs(tx, 1);
  if (block.next === block.end) {
    block.next = await reserveChangeSeqs(tx, block.size);
    block.end = block.next + block.size;
  }
  return block.next++;
}

/** Reserves `n` consecutive numbers for a bulk write; returns the first. */
export async function reserveChangeSeqs(tx: StoreKysely, n: number): Promise<number> {
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
export function changedFields(before: object, after: object, fields: string[]): string[] {
  return fields.filter(
    (f) =>
      JSON.stringify(fieldValue(before, f) ?? null) !==
      JSON.stringify(fieldValue(after, f) ?? null),
  );
}
