/**
 * Runs `work` over `items` with at most `limit` at a time, in order of start; rejects with the
 * first failure and starts nothing after it. The service worker's install precaches the app's
 * files this way (src/sw.ts, docs/sync.md "The service worker's install").
 */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane);
  await Promise.all(lanes);
}
