import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
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
  // Server layers (docs/architecture.md "Server layers"): lib, db, security, plugins and config at the bottom import
  // nothing of the modules or the app (their tests, which drive the composed app, may); a module imports nothing of the
  // app either (it names its dependencies, app.ts passes them; a process entry such as the job worker's may build the
  // app); a module's repositories are its own (the testing entry may re-export a piece for the benchmarks); a
  // repository imports no service.
  // tools/lint/lint-rules.test.ts proves each policy fires.
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'], partialMatch: false, stopMatching: true },
        { type: 'server-floor', pattern: 'apps/server/src/(lib|db|security|plugins|config)', capture: ['floor'], partialMatch: false, stopMatching: true },
        { type: 'server-other', pattern: 'apps/server/src', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'server-app', pattern: 'apps/server/src/app.ts' },
        // A module's process entry point: it builds the app to run a part of it (the job worker) in a process of its own.
        { category: 'process-entry', pattern: 'apps/server/src/modules/*/*-process.ts' },
        { category: 'testing-entry', pattern: 'apps/server/src/testing.entry.ts' },
        { category: 'repo', pattern: '**/*.repo.ts' },
        { category: 'service', pattern: '**/*.service.ts' },
        { category: 'test', pattern: '**/*.test.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', {
        default: 'allow',
        // A repository's own module's service is an import within one element: check those too.
        checkInternals: true,
        // The last policy that matches decides, so the exceptions come last.
        policies: [
          {
            from: { element: { type: 'server-floor' } },
            disallow: { to: [{ element: { type: 'server-module' } }, { file: { categories: 'server-app' } }] },
            message: "Server layers: {{ from.element.captured.floor }}/ is below the modules and the app and imports nothing of them ('{{ dependency.source }}'); move the shared type or code down (security/, lib/, db/) or pass it in as a narrow interface.",
          },
          {
            from: { element: { type: 'server-module' } },
            disallow: { to: { file: { categories: 'server-app' } } },
            message: "Server layers: a module imports nothing of the app ('{{ dependency.source }}'); name what {{ from.element.captured.module }} needs in its own dependencies (Routes<Deps> of plugins/routes.ts) and let app.ts pass it.",
          },
          // From another module syrx/area-boundaries refuses it already (only a *.service.ts is let through).
          {
            from: { element: { type: '!server-module' } },
            disallow: { to: { element: { type: 'server-module' }, file: { categories: 'repo' } } },
            message: "Server layers: repositories are private to their module; '{{ dependency.source }}' is {{ to.element.captured.module }}'s (go through its service, or move the code into the module).",
          },
          {
            from: { file: { categories: 'repo' } },
            disallow: { to: { file: { categories: 'service' } } },
            message: "Server layers: a repository imports no service ('{{ dependency.source }}'); move what it needs (SQL fragments, types) to the repository's level, db/ or lib/.",
          },
          // A lower floor's tests drive the composed app (test/test-app.ts, a module's testing/ fixtures).
          { from: { element: { type: 'server-floor' }, file: { categories: 'test' } }, allow: { to: [{ element: { type: 'server-module' } }, { file: { categories: 'server-app' } }] } },
          // A module's tests and process entries (worker-process.ts) build the composed app.
          { from: { element: { type: 'server-module' }, file: { categories: 'test' } }, allow: { to: { file: { categories: 'server-app' } } } },
          { from: { element: { type: 'server-module' }, file: { categories: 'process-entry' } }, allow: { to: { file: { categories: 'server-app' } } } },
          // The testing entry (benchmarks, other packages' tests) may re-export a repository's piece.
          { from: { file: { categories: 'testing-entry' } }, allow: { to: { element: { type: 'server-module' }, file: { categories: 'repo' } } } },
        ],
      }],
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
