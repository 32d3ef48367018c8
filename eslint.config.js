// ESLint flat config. The import direction of DESIGN §7 is enforced here, not by memory:
// domain ← db/sync/lib ← features ← app; features never import each other; only src/db
// imports Dexie; server/ imports nothing of src/ but src/domain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
];

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { patterns, paths }],
});
const group = (names, message) => ({ group: names, message });
const dexieOnlyInDb = {
  name: 'dexie',
  message: 'Only src/db imports Dexie (DESIGN §7).',
};

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
      [dexieOnlyInDb],
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
      [dexieOnlyInDb],
    ),
  },
  {
    files: ['src/components/**'],
    rules: restrict(
      [group(['**/features/**', '**/app/**'], 'Shared UI does not know features or the app.')],
      [dexieOnlyInDb],
    ),
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrict(
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
      ],
      [dexieOnlyInDb],
    ),
  })),
  {
    files: ['src/app/**', 'src/main.tsx'],
    rules: restrict([], [dexieOnlyInDb]),
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
