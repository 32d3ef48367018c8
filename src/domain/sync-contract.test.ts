import { describe, expect, it } from 'vitest';
import { pullResponseSchema } from './sync-contract';

const page = (row: unknown) => ({
  changes: [{ entity: 'pipe', id: 'p1', version: 2, row }],
  nextCursor: '7',
  hasMore: false,
  scope: 'all',
});

describe('pull page contract', () => {
  it('keeps a pulled row as it came (no copy of every row of a page)', () => {
    const row = { id: 'p1', version: 2, code: 'H-1', length: 1000, comment: null };
    const parsed = pullResponseSchema.parse(page(row));
    expect(parsed.changes[0]?.row).toBe(row);
  });

  it.each([
    ['a string', 'x'],
    ['a list', [1, 2]],
    ['null', null],
    ['a number', 3],
  ])('refuses a row that is %s', (_, row) => {
    expect(pullResponseSchema.safeParse(page(row)).success).toBe(false);
  });

  it('takes a delete without a row', () => {
    const parsed = pullResponseSchema.parse({
      ...page(undefined),
      changes: [{ entity: 'pipe', id: 'p1', version: 3, deleted: true }],
    });
    expect(parsed.changes[0]).toEqual({ entity: 'pipe', id: 'p1', version: 3, deleted: true });
  });
});
