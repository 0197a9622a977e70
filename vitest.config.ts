import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/fixtures/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser suites share one machine of two cores: files run two at a time at most.
    maxWorkers: 2,
  },
});
