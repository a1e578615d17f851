import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import syrx from './tools/lint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', '**/drizzle/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'tools/lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.config.ts', '*.config.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      // Fastify handlers and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Packages (docs/architecture.md): another workspace only by its name, through an entry its package.json exports, where
  // the importing package.json declares it (devDependencies: tests only); apps import apps only along these edges.
  // Contracts, declaring no @syrx package, import none. tools/lint/lint-rules.test.ts proves each rule fires.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { syrx },
    rules: {
      'syrx/package-boundaries': ['error', {
        appEdges: {
          // The launcher runs the server with the demo building (the simulator and an agent) beside it.
          '@syrx/launcher': ['@syrx/server', '@syrx/agent', '@syrx/bacnet-sim'],
          // Tests only (devDependencies): the server's agent-backed tests, the agent's tests against the simulator.
          '@syrx/server': ['@syrx/agent', '@syrx/bacnet-sim'],
          '@syrx/agent': ['@syrx/bacnet-sim'],
        },
        testFiles: ['\\.test\\.tsx?$', '^apps/[^/]+/src/(test|testing)/', '^e2e/'],
      }],
    },
  },
  // A server module does not reach into another module's internals: share through lib/ or contracts.
  {
    files: ['apps/server/src/modules/**'],
    rules: {
      'syrx/area-boundaries': ['error', { areas: 'apps/server/src/modules', through: '\\.service(\\.ts)?$', message: 'import another module only through its *.service.ts, or move the shared code to lib/.' }],
    },
  },
  // Every CSV the product writes goes through apps/server/src/lib/csv.ts, which neutralises spreadsheet formulas.
  {
    files: ['apps/*/src/**', 'packages/*/src/**', 'bench/**'],
    ignores: ['apps/server/src/lib/csv.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ImportDeclaration[source.value=/^csv-stringify/]', message: 'Write CSV with csvStringifier from lib/csv.ts (it escapes formulas).' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not import each other; shared code lives in src/lib, src/components or contracts.
      'syrx/area-boundaries': ['error', { areas: 'apps/web/src/features', message: 'features do not import each other; share through src/lib, src/components or contracts.' }],
    },
  },
);
