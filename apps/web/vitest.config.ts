import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The component tests share their modules between files (isolate: false): importing antd and the app for each file
 * anew cost more than the tests themselves. A test that replaces a module with vi.mock needs a fresh module graph, so
 * it is named *.mocked.test.tsx and runs in the project 'web-mocked' (the root vitest.config.ts), isolated.
 */
export const webTest = {
  environment: 'jsdom' as const,
  setupFiles: ['./src/testing/setup.ts'],
  testTimeout: 30_000,
};

export default defineProject({
  plugins: [react()],
  test: {
    ...webTest,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/**/*.mocked.test.tsx'],
    isolate: false,
  },
});
