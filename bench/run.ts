/**
 * `npm run bench`: runs every `bench/*.bench.ts` in its own process, one after the other.
 * Each prints its figures as `bench <name>: <value> <unit>` (docs/operations.md) and its budget.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  } catch {
    failed += 1;
    console.error(`bench ${file}: failed`);
  }
}
process.exit(failed > 0 ? 1 : 0);
