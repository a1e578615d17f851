import { defineConfig } from 'vitest/config';

const dbTests = ['apps/{server,launcher}/src/**/*.int.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/{server,agent,bacnet-sim,launcher}/src/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: [...dbTests, '**/node_modules/**'],
          environment: 'node',
        },
      },
      'apps/*/vitest.config.ts',
      'apps/web/vitest.mocked.config.ts',
      {
        test: {
          name: 'db-pglite',
          include: dbTests,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          isolate: false,
        },
      },
      {
        test: {
          name: 'db-postgres',
          include: dbTests,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
