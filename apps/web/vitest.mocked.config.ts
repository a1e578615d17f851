import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { webTest } from './vitest.config.ts';

/** Component tests that replace a module with vi.mock: each file gets a fresh module graph (see vitest.config.ts). */
export default defineProject({
  plugins: [react()],
  test: { ...webTest, name: 'web-mocked', include: ['src/**/*.mocked.test.tsx'] },
});
