import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidv7 } from './ids';

describe('uuidv7', () => {
  it('is a valid version-7 UUID', () => {
    const id = uuidv7();
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });
  it('sorts by creation time and never repeats', () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a < b).toBe(true);
    expect(a.slice(0, 13)).toBe('018bcfe5-6800');
    const many = new Set(Array.from({ length: 1000 }, () => uuidv7(5)));
    expect(many.size).toBe(1000);
  });
  it('sorts by creation within one millisecond too, keeping the millisecond', () => {
    const ids = Array.from({ length: 4000 }, () => uuidv7(1_800_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    // 4 000 ids may spend one millisecond's counter (it starts below 2 048): then they go on
    // in the next, and stay in order.
    const stamps = new Set(ids.map((id) => id.slice(0, 13)));
    expect([...stamps].every((t) => ['01a3185c-5000', '01a3185c-5001'].includes(t))).toBe(true);
    expect(ids[0]!.slice(0, 13)).toBe('01a3185c-5000');
  });
  it('keeps an earlier given time, and the sequence of the later one goes on after it', () => {
    const later = uuidv7(1_900_000_000_000);
    const earlier = uuidv7(1_900_000_000_000 - 60_000);
    const next = uuidv7(1_900_000_000_000);
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).not.toBe(later.slice(0, 13));
    expect(later < next).toBe(true);
    expect(z.uuid().safeParse(earlier).success).toBe(true);
  });
  it('draws fresh random bits for every id, across refills of its random pool', () => {
    // 256 ids per pool: 3 000 ids span a dozen refills. The random bytes after the variant
    // never repeats, and every byte value turns up in it.
    const ids = Array.from({ length: 3000 }, () => uuidv7());
    const randomParts = ids.map((id) => id.replaceAll('-', '').slice(18));
    expect(new Set(randomParts).size).toBe(ids.length);
    const seen = new Set(randomParts.flatMap((r) => r.match(/../g)!));
    expect(seen.size).toBe(256);
    for (const id of ids) expect(z.uuid().safeParse(id).success).toBe(true);
  });
});
