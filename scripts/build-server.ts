/**
 * Compiles the server to JavaScript for production (docs/operations.md "Running in
 * production"): one ES module, `dist/server/main.js`, bundled from server/src with the path
 * aliases resolved and every npm package left to node_modules; the login page's assets beside
 * it. `npm start` runs it with `node` (no TypeScript loader in production).
 *
 * `tsx scripts/build-server.ts dist/<name>` builds to another directory (a test's own copy); it
 * must sit two levels below the project, as `dist/server` does, for the server to find it.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(root, process.argv[2] ?? path.join('dist', 'server'));
if (path.dirname(path.dirname(out)) !== root)
  throw new Error(`not two levels below ${root}: ${out}`);

rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['server/src/main.ts'],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(root, 'server/src/oidc/assets'), path.join(out, 'assets'), { recursive: true });
console.log(`server built: ${path.relative(root, path.join(out, 'main.js'))}`);
