/** How `npm run test:e2e` deals spec files to its lanes (scripts/e2e-lanes.ts). */
import { describe, expect, it } from 'vitest';
import { dealSpecs } from '../../scripts/e2e-lanes';

describe('dealSpecs', () => {
  it('gives each file, longest first, to the lane with the least work', () => {
    const lanes = dealSpecs(['a', 'b', 'c', 'd', 'e'], { a: 240, b: 90, c: 80, d: 60, e: 10 }, 2);
    expect(lanes).toEqual([
      { files: ['a'], seconds: 240 },
      { files: ['b', 'c', 'd', 'e'], seconds: 240 },
    ]);
  });

  it('counts a file without a figure as the median of the known ones', () => {
    const lanes = dealSpecs(['new', 'a', 'b', 'c'], { a: 100, b: 20, c: 30 }, 2);
    expect(lanes).toEqual([
      { files: ['a'], seconds: 100 },
      { files: ['c', 'new', 'b'], seconds: 80 },
    ]);
  });

  it('makes no empty lanes and keeps every file once', () => {
    const lanes = dealSpecs(['a', 'b'], {}, 4);
    expect(lanes).toHaveLength(2);
    expect(lanes.flatMap((l) => l.files).sort()).toEqual(['a', 'b']);
  });
});
