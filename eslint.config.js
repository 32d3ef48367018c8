// ESLint flat config. The import direction (docs/architecture.md) is enforced here, not by memory:
// domain ← db/sync/lib ← features ← app; features never import each other; only src/db
// imports Dexie; server/ imports nothing of src/ but src/domain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const FEATURES = [
  'dashboard',
  'customers',
  'machines',
  'power-units',
  'hoses',
  'dguv',
  'machine-reports',
  'shop',
  'orders',
  'admin',
  'auth',
  'sync-status',
  'settings',
  'cheatsheet',
  'office',
  'scan',
];

// Another room is reached through its path alias (tsconfig.json: @domain/…, @db/…), not ../../.
const DEEP_RELATIVE = {
  group: ['../../*', '../../**'],
  message: 'Import another room through its path alias (@domain/…, @db/…; tsconfig.json).',
};
const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { patterns: [...patterns, DEEP_RELATIVE], paths }],
});
// A room's name pattern also covers its path alias: '**/db/**' is '@db' and '@db/**' too.
const ALIASED = /^\*\*\/(?:src\/)?(db|sync|lib|features|app|components)(\/.*)?$/;
const aliases = (name) => {
  const m = ALIASED.exec(name);
  if (!m) return [];
  return m[2] ? [`@${m[1]}${m[2]}`, ...(m[2] === '/**' ? [`@${m[1]}`] : [])] : [`@${m[1]}`];
};
const group = (names, message) => ({ group: names.flatMap((n) => [n, ...aliases(n)]), message });
const dexieOnlyInDb = {
  name: 'dexie',
  message: 'Only src/db imports Dexie (docs/architecture.md).',
};
/**
 * Writes live in data modules: outside src/sync, only a `data/*-writes.ts` file (and tests) may
 * import the mutator; screens and components call those modules (docs/architecture.md "Writes").
 */
const MUTATE_ONLY_IN_WRITES = {
  regex: '(^|/)sync(/index(\\.ts)?)?$',
  importNames: ['mutate', 'createMutator'],
  message:
    "Screens and components never call mutate: write through the feature's data/*-writes.ts (docs/architecture.md).",
};
const liveQueryOnlyInDb = {
  name: 'dexie-react-hooks',
  message: 'Only src/db imports dexie-react-hooks: features use useDbQuery from src/db/hooks.',
};

/**
 * The rooms of the tree and who may import whom (docs/architecture.md), checked on resolved paths by
 * import-x/no-restricted-paths — a relative import cannot slip past a name pattern.
 * tests/lint/zones.test.ts breaks each zone on purpose and expects the error.
 */
const APP_ZONES = [
  {
    target: './src/domain',
    from: [
      './src/db',
      './src/sync',
      './src/lib',
      './src/features',
      './src/app',
      './src/components',
    ],
    message: 'src/domain is isomorphic: it imports nothing else of the app.',
  },
  {
    target: ['./src/db', './src/sync', './src/lib'],
    from: ['./src/features', './src/app', './src/components'],
    message: 'db/sync/lib sit below features and app.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app'],
    message: 'Shared UI does not know features or the app.',
  },
  { target: './src/features', from: './src/app', message: 'Features do not import the app.' },
  {
    target: './server',
    from: './src',
    except: ['./domain'],
    message: 'server/ imports nothing of src/ but src/domain.',
  },
  {
    target: './server/src/**/*.service.ts',
    from: './server/src/**/*.routes.ts',
    message: 'routes → services → repositories: a service never imports a routes file.',
  },
  {
    target: './server/src/**/*.repository.ts',
    from: ['./server/src/**/*.routes.ts', './server/src/**/*.service.ts'],
    message: 'routes → services → repositories: a repository imports neither.',
  },
];
/** Outside src/sync (tests aside), the sync package is reached through its index only. */
const SYNC_ENTRY_ZONE = {
  target: ['./src/db', './src/lib', './src/components', './src/features', './src/app'],
  from: './src/sync',
  except: ['./index.ts'],
  message: 'Import the sync package through src/sync (its index), not its files.',
};

/**
 * A room's no-restricted-imports, twice: with the mutator restricted for its files, and without
 * it for its `data/*-writes.ts` modules and tests (a later config replaces the rule's options).
 */
function withWritesRule(dir, rules) {
  return [
    { files: [`${dir}/**`], rules: rules([MUTATE_ONLY_IN_WRITES]) },
    { files: [`${dir}/**/data/*-writes.ts`, `${dir}/**/*.test.{ts,tsx}`], rules: rules([]) },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'dev-dist/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'server/**/*.ts',
      'tests/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'bench/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: APP_ZONES }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sync/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...APP_ZONES, SYNC_ENTRY_ZONE] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/domain/**'],
    rules: restrict(
      [
        group(
          [
            '**/db/**',
            '**/sync/**',
            '**/lib/**',
            '**/features/**',
            '**/app/**',
            '**/components/**',
          ],
          'src/domain is isomorphic: it imports nothing else of the app.',
        ),
        group(
          ['react', 'react-dom', 'dexie', 'fastify', '@mantine/*'],
          'src/domain has no React, Dexie or Fastify.',
        ),
      ],
      [dexieOnlyInDb, liveQueryOnlyInDb],
    ),
  },
  {
    files: ['src/db/**', 'src/sync/**', 'src/lib/**'],
    rules: restrict([
      group(
        ['**/features/**', '**/app/**', '**/components/**'],
        'db/sync/lib sit below features and app.',
      ),
    ]),
  },
  {
    files: ['src/sync/**', 'src/lib/**'],
    rules: restrict(
      [
        group(
          ['**/features/**', '**/app/**', '**/components/**'],
          'db/sync/lib sit below features and app.',
        ),
      ],
      [dexieOnlyInDb, liveQueryOnlyInDb],
    ),
  },
  ...withWritesRule('src/components', (writes) =>
    restrict(
      [
        group(['**/features/**', '**/app/**'], 'Shared UI does not know features or the app.'),
        ...writes,
      ],
      [dexieOnlyInDb, liveQueryOnlyInDb],
    ),
  ),
  ...FEATURES.flatMap((feature) =>
    withWritesRule(`src/features/${feature}`, (writes) =>
      restrict(
        [
          group(
            FEATURES.filter((f) => f !== feature).flatMap((f) => [
              `**/features/${f}`,
              `**/features/${f}/**`,
              `../${f}/**`,
              `../${f}`,
            ]),
            'Features never import each other; compose them in src/app.',
          ),
          group(['**/app/**'], 'Features do not import the app.'),
          ...writes,
        ],
        [dexieOnlyInDb, liveQueryOnlyInDb],
      ),
    ),
  ),
  {
    files: ['src/app/**', 'src/main.tsx'],
    rules: restrict([MUTATE_ONLY_IN_WRITES], [dexieOnlyInDb, liveQueryOnlyInDb]),
  },
  {
    files: ['server/**'],
    rules: restrict([
      group(
        [
          '**/src/db/**',
          '**/src/sync/**',
          '**/src/lib/**',
          '**/src/features/**',
          '**/src/app/**',
          '**/src/components/**',
        ],
        'server/ imports nothing of src/ but src/domain.',
      ),
    ]),
  },
);
