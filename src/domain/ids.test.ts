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
});
