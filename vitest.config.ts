import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', '**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits on what a page or a process shows: a loaded machine needs more than 1 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
