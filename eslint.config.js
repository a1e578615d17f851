import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', '**/drizzle/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
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
  // Contracts import nothing from the apps.
  {
    files: ['packages/contracts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@syrx/server*', '@syrx/web*', '@syrx/agent*', '**/apps/**'] }] },
  },
  // A server module does not reach into another module's internals: share through lib/ or contracts.
  {
    files: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.)[^/]+/(?![^/]+\\.service\\.ts$)', message: 'Import another module only through its *.service.ts, or move the shared code to lib/.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not import each other; shared code lives in src/lib, src/components or contracts.
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../features/*', '../*/api/*', '../*/components/*', '../*/hooks/*'], message: 'Features must not import each other.' }] }],
    },
  },
);
