import { defineConfig } from 'vitest/config';
import { POLL_MS, TEST_MS } from './test/budgets.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', '**/*.test.ts'],
    exclude: ['node_modules/**'],
    // Made once before the files run: the compiled program and the page (see the file).
    globalSetup: ['test/global-setup.ts'],
    // Two files at a time on any machine (vitest's default is one less than the cores: a single
    // file at a time on 2 cores). Many files mostly wait, on a program, a board paced to the wall
    // clock or Chromium, while another computes.
    maxWorkers: 2,
    // A test that needs longer names its budget from test/budgets.ts.
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
    expect: { poll: { timeout: POLL_MS } },
  },
});
