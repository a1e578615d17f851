import { defineConfig } from 'vitest/config';

const dbTests = ['apps/{server,launcher}/src/**/*.int.test.ts'];
/** The agent's tests against the simulated building over real UDP (each file on a loopback range of its own). */
const agentIntTests = ['apps/{agent,bacnet-sim}/src/**/*.int.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/{server,agent,bacnet-sim,launcher}/src/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: [...dbTests, ...agentIntTests, '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'agent-int',
          include: agentIntTests,
          environment: 'node',
          // Files run side by side: each starts the simulator on a loopback /24 of its own (apps/agent/README.md).
          fileParallelism: true,
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
