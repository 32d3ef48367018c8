/**
 * Node 20 lacks Map.groupBy (Node 21+), which Vitest 5's reporter calls when it prints failed
 * tests. Imported by vite.config.ts so it runs in Vitest's main process.
 */
const MapWithGroupBy = Map as MapConstructor & {
  groupBy?: <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;
};
if (typeof MapWithGroupBy.groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const out = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = out.get(k);
        if (list) list.push(item);
        else out.set(k, [item]);
      }
      return out;
    },
  });
}
export {};
