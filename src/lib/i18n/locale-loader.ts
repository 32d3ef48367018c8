/**
 * Loads one translation namespace of one language on demand.
 *
 * Each JSON file becomes its own chunk through Vite's dynamic `import()`, so translations are
 * precached by the service worker with the rest of the bundle and work offline, while only the
 * languages actually used are ever parsed (docs/performance.md).
 */
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

type JsonModule = { default: ResourceKey };

// `login.json` (the sign-in page) and `reports.json` (the PDF reports) are the server's;
// they must not end up in the app bundle.
const loaders = import.meta.glob<JsonModule>([
  '../../../locales/*/*.json',
  '!../../../locales/*/login.json',
  '!../../../locales/*/reports.json',
]);

export function hasNamespace(language: string, namespace: string): boolean {
  return `../../../locales/${language}/${namespace}.json` in loaders;
}

export async function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  const loader = loaders[`../../../locales/${language}/${namespace}.json`];
  if (!loader) throw new Error(`No translations for ${language}/${namespace}`);
  const mod = await loader();
  return mod.default;
}

/** i18next backend plugin on top of {@link loadNamespace}. */
export const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to configure: the loaders are fixed at build time.
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};
