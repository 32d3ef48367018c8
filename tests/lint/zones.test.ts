/**
 * The lint config is a test subject too: each room boundary of docs/architecture.md
 * is broken on purpose in a file at a real path and must be reported by its rule — so a
 * config change that quietly disables a zone fails here.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The rule ids reported for `code` as if it were the file at `filePath`. */
async function rulesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const CASES: [name: string, file: string, code: string, rule: string][] = [
  [
    'domain imports the database',
    'src/domain/zz-probe.ts',
    "export { getDatabase } from '../db/database';",
    'import-x/no-restricted-paths',
  ],
  [
    'domain imports the database through its path alias',
    'src/domain/zz-probe.ts',
    "export { getDatabase } from '@db/database';",
    'import-x/no-restricted-paths',
  ],
  [
    'a feature imports another feature through its path alias',
    'src/features/hoses/zz-probe.ts',
    "export { MachineCard } from '@features/machines/machine-card';",
    'no-restricted-imports',
  ],
  [
    'a feature reaches into the sync package through its path alias',
    'src/features/hoses/zz-probe.ts',
    "export { savedKey } from '@sync/connectivity';",
    'import-x/no-restricted-paths',
  ],
  [
    'a deep relative import instead of the path alias',
    'src/features/hoses/zz-probe.ts',
    "export { formatDay } from '../../domain/format';",
    'no-restricted-imports',
  ],
  [
    'db imports a feature',
    'src/db/zz-probe.ts',
    "export { MachineCard } from '../features/machines/machine-card';",
    'import-x/no-restricted-paths',
  ],
  [
    'a shared component imports a feature',
    'src/components/zz-probe.ts',
    "export { MachineCard } from '../features/machines/machine-card';",
    'import-x/no-restricted-paths',
  ],
  [
    'a feature imports the app',
    'src/features/hoses/zz-probe.ts',
    "export { App } from '../../app/app';",
    'import-x/no-restricted-paths',
  ],
  [
    'a feature imports another feature',
    'src/features/hoses/zz-probe.ts',
    "export { MachineCard } from '../machines/machine-card';",
    'no-restricted-imports',
  ],
  [
    'a feature reaches into the sync package',
    'src/features/hoses/zz-probe.ts',
    "export { savedKey } from '../../sync/connectivity';",
    'import-x/no-restricted-paths',
  ],
  [
    'a feature imports Dexie',
    'src/features/hoses/zz-probe.ts',
    "export { Dexie } from 'dexie';",
    'no-restricted-imports',
  ],
  [
    'a feature imports dexie-react-hooks',
    'src/features/hoses/zz-probe.ts',
    "export { useLiveQuery } from 'dexie-react-hooks';",
    'no-restricted-imports',
  ],
  [
    'the server imports app code',
    'server/src/zz-probe.ts',
    "export { formatCents } from '@lib/i18n/money';",
    'import-x/no-restricted-paths',
  ],
  [
    'a service imports a routes file',
    'server/src/modules/shop/zz-probe.service.ts',
    "export { shopRoutes } from './shop.routes';",
    'import-x/no-restricted-paths',
  ],
  [
    'a repository imports a service',
    'server/src/modules/shop/zz-probe.repository.ts',
    "export { ShopService } from './shop.service';",
    'import-x/no-restricted-paths',
  ],
  [
    'a screen imports the mutator',
    'src/features/hoses/zz-probe.tsx',
    "export { mutate } from '../../sync';",
    'no-restricted-imports',
  ],
  [
    'a feature module outside data/*-writes.ts imports the mutator',
    'src/features/dguv/check/zz-probe.ts',
    "import { mutate } from '../../../sync';\nexport const save = () => mutate.remove('pipe', 'x');",
    'no-restricted-imports',
  ],
  [
    'a shared component builds its own mutator',
    'src/components/forms/zz-probe.tsx',
    "export { createMutator } from '../../sync/index';",
    'no-restricted-imports',
  ],
  [
    'the app imports the mutator',
    'src/app/zz-probe.tsx',
    "export { mutate } from '../sync';",
    'no-restricted-imports',
  ],
  [
    'two modules import each other',
    'src/db/entity-tables.ts',
    "export { getDatabase } from './database';",
    'import-x/no-cycle',
  ],
];

describe('lint zones', () => {
  it.each(CASES)(
    'reports: %s',
    async (_name, file, code, rule) => {
      expect(await rulesFor(file, code)).toContain(rule);
    },
    60_000,
  );

  it('lets the allowed directions pass', async () => {
    expect(
      await rulesFor(
        'src/features/hoses/data/zz-probe-writes.ts',
        "export { mutate } from '@sync';",
      ),
    ).toEqual([]);
    expect(
      await rulesFor(
        'src/components/forms/data/zz-probe-writes.ts',
        "export { mutate } from '@sync';",
      ),
    ).toEqual([]);
    expect(
      await rulesFor('src/features/hoses/zz-probe.tsx', "export { savedKey } from '@sync';"),
    ).toEqual([]);
    expect(
      await rulesFor('server/src/zz-probe.ts', "export { formatDay } from '@domain/format';"),
    ).toEqual([]);
  }, 60_000);
});
