import { defineConfig } from 'vitest/config';
import { POLL_MS, TEST_MS } from './test/budgets.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', '**/*.test.ts'],
    exclude: ['node_modules/**'],
    // A test that needs longer names its budget from test/budgets.ts.
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
    expect: { poll: { timeout: POLL_MS } },
  },
});
