/**
 * Browser APIs jsdom lacks and Mantine calls (media queries, element resizing, scrolling).
 * Import it first in component tests that run with `// @vitest-environment jsdom`.
 */
const win = globalThis as unknown as Record<string, unknown>;
win.matchMedia ??= (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
});
win.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
win.scrollTo = () => undefined;
// Mantine's autosize Textarea waits for web fonts.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      ready: Promise.resolve(),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
}
export {};
