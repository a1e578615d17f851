import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * vitest's own default is one worker fewer than the cores (1 on CI's 2): the unit files then ran one at a time on a
 * machine with a core to spare (318 s against 177 s on two).
 */
const cores = availableParallelism();

const dbTests = ['apps/{server,launcher}/src/**/*.int.test.ts'];
/** The agent's tests against the simulated building over real UDP (each file on a loopback range of its own). */
const agentIntTests = ['apps/{agent,bacnet-sim}/src/**/*.int.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: cores,
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
          // Files run side by side: each starts the simulator on a loopback /24 of its own (apps/agent/README.md). They
          // wait on the network more than they compute: one more than the cores (88 s one at a time, 33 s three at once).
          fileParallelism: true,
          maxWorkers: cores + 1,
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
