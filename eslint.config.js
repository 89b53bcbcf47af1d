// One lint configuration for the whole workspace (run by `npm test` through scripts/test.sh).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `depth` folders below `base`, as many `../` as it takes to climb back to `base`. */
const up = (depth) => '\\.\\./'.repeat(depth);

/**
 * Import boundaries of the web app (docs/engineering.md, "Web conventions"): the app shell composes features; a
 * feature uses `lib`, `ui` and the engine but never another feature or the shell; `lib` and `ui` know no feature
 * and no shell. Imports are relative, so each folder depth gets patterns that climb exactly out of its own folder.
 */
const webBoundaries = [1, 2, 3].flatMap((depth) => {
  const below = (folder) => `web/src/${folder}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`;
  return [
    {
      files: [`web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up(depth)}(?!\\.\\./)`,
                message: 'A feature does not import another feature: move what both need to web/src/lib or web/src/ui.',
              },
              {
                regex: `^${up(depth + 1)}app(/|$)`,
                message: 'A feature does not import the app shell (web/src/app).',
              },
            ],
          },
        ],
      },
    },
    {
      files: [below('lib'), below('ui')],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up(depth)}(features|app)(/|$)`,
                message: 'web/src/lib and web/src/ui import no feature and no app-shell module.',
              },
            ],
          },
        ],
      },
    },
  ];
});

/**
 * Storage boundaries of the server (docs/engineering.md, "Server conventions"): a feature reads another feature's
 * data through that feature's store or service, never through its drizzle tables. Types of a row may be shared, and
 * tables may reference another feature's table for a foreign key.
 */
const serverBoundaries = {
  files: ['server/src/**/*.ts'],
  // The SQLite → PostgreSQL copy (db:copy) moves every feature's rows as stored, below the stores.
  ignores: ['server/src/*/tables.ts', 'server/src/db/copy.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\./)+[^./][^/]*/tables(\\.js)?$',
            allowTypeImports: true,
            message: "Another feature's tables are its own: call its store or service instead.",
          },
        ],
      },
    ],
  },
};

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/coverage/', 'data/', 'server/drizzle/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'vitest.config.ts', 'web/public/sw.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An async function without await is how a synchronous implementation of a Promise-returning interface turns
      // its throws into rejections; the promise rules above catch the mistakes this rule is after.
      '@typescript-eslint/require-await': 'off',
      // A variable a closure reads before its one assignment cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true, ignorePattern: '^import\\s.+\\sfrom\\s.+;$' },
      ],
    },
  },
  {
    // Tests, benchmarks and the load test read raw wire answers (untyped JSON) on purpose: their assertions are the
    // check of those shapes. Product code parses everything from outside with zod, so there the rules stay on.
    files: ['*/test/**', '*/bench/**', 'server/loadtest/**', 'web/e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['web/public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // The rules of hooks. The plugin's React Compiler rules are left out: the app is not built with the compiler.
    files: ['web/src/**/*.{ts,tsx}', 'web/test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Demo article texts are data: one paragraph per string, however long.
    files: ['fixtures/news/source/**/*.ts'],
    rules: { 'max-len': 'off' },
  },
  ...webBoundaries,
  serverBoundaries,
);
