/**
 * Reads the values of many keys of one table or index in as few IndexedDB requests as it can.
 *
 * IndexedDB's backend answers one request at a time, about 100 µs each on a busy machine:
 * reading 200 keys one by one costs 20–40 ms even when the requests are sent together. Keys
 * made close together in time sit side by side in an index, though — the UUIDv7 ids of the
 * hoses a technician created in one session, the records of one push batch. Then one ranged
 * `getAll` from the smallest key to the largest reads them all.
 *
 * The range may hold values that were not asked for. It is read with a limit of `spread`
 * values per key asked: when the limit is reached the keys are scattered, and they are read
 * one request each after all (the ranged read cost at most `spread` times the values
 * wanted).
 */
import type { Table } from 'dexie';

export async function readKeys<T, TKey, TInsert, K extends string>(
  table: Table<T, TKey, TInsert>,
  /** ':id' for the primary key, or an index's name. */
  index: string,
  keys: readonly K[],
  /** The key of a value under `index` (the value's own property). */
  keyOf: (value: T) => K,
  spread = 2,
): Promise<T[]> {
  // IndexedDB orders strings by UTF-16 code units, as Array.prototype.sort does.
  const wanted = [...new Set(keys)].sort();
  const first = wanted[0];
  const last = wanted.at(-1);
  if (first === undefined || last === undefined) return [];
  if (wanted.length > 1) {
    const limit = wanted.length * spread;
    const inRange = await table
      .where(index)
      .between(first, last, true, true)
      .limit(limit)
      .toArray();
    if (inRange.length < limit) {
      const asked = new Set<string>(wanted);
      return inRange.filter((v) => asked.has(keyOf(v)));
    }
  }
  const lists = await Promise.all(wanted.map((k) => table.where(index).equals(k).toArray()));
  return lists.flat();
}
