/**
 * zod 4 compiles its object parsers with `new Function` after probing whether it may; the app's
 * Content-Security-Policy (script-src without 'unsafe-eval') refuses the probe and Chromium
 * reports it as an issue on every page (Lighthouse best practices). The browser app
 * parses without compiling. zod reads its config from `globalThis.__zod_globalConfig` (shared by
 * every copy of zod), so this is set before any schema loads, without importing zod here: the
 * first screen's bundle stays free of it. Imported first by src/main.tsx.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

// The same object zod holds (it may have loaded first, e.g. in tests), not a copy.
((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;

export {};
