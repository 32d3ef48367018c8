import { describe, expect, it } from 'vitest';
import { inPool } from './precache-pool';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('inPool (the service worker install, docs/sync.md)', () => {
  it('works through every item, never more than the limit at a time', async () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await inPool(items, 6, async (i) => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
      done.push(i);
    });
    expect(most).toBe(6);
    expect(done.sort((a, b) => a - b)).toEqual(items);
  });

  it('starts the items in their order', async () => {
    const started: string[] = [];
    await inPool(['a', 'b', 'c', 'd'], 2, async (x) => {
      started.push(x);
      await tick();
    });
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const run = inPool([0, 1, 2, 3, 4, 5, 6, 7], 2, async (i) => {
      started.push(i);
      await tick();
      if (i === 1) throw new Error('404 for item 1');
    });
    await expect(run).rejects.toThrow('404 for item 1');
    await tick();
    await tick();
    // 0 and 1 ran side by side; 2 started when 0 ended, before 1 failed; nothing after.
    expect(started.length).toBeLessThanOrEqual(3);
  });

  it('handles no items and a limit above their number', async () => {
    await inPool([], 6, () => Promise.reject(new Error('never')));
    const seen: number[] = [];
    await inPool([1], 6, async (i) => {
      seen.push(i);
    });
    expect(seen).toEqual([1]);
  });
});
