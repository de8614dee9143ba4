import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { POLL_MS, TEST_MS } from './test/budgets.ts';

const TESTS = path.join(import.meta.dirname, 'test');

/**
 * The test files that replace a module for their own run (`vi.mock`, `vi.doMock`): a replacement
 * holds only where the module is loaded after it, so each of these files gets modules of its own.
 */
const MOCKING = readdirSync(TESTS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts') && /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(TESTS, f), 'utf8')))
  .map((f) => `test/${f}`);

/** What every test file runs with. */
const EVERY_FILE = {
  // The program speaks its reader's language (LC_ALL, LC_MESSAGES, LANG): the tests that match its
  // English, and every program they start, run in the C locale whatever the machine's; a test of
  // another language sets it for the program it starts (test/cli-run.ts, runIn).
  env: { LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8' },
  // A test that needs longer names its budget from test/budgets.ts.
  testTimeout: TEST_MS,
  hookTimeout: TEST_MS,
  expect: { poll: { timeout: POLL_MS } },
};

export default defineConfig({
  test: {
    // Made once before the files run: the compiled program and the page (see the file).
    globalSetup: ['test/global-setup.ts'],
    // Two files at a time on any machine (vitest's default is one less than the cores: a single
    // file at a time on 2 cores). Many files mostly wait, on a program, a board paced to the wall
    // clock or Chromium, while another computes.
    maxWorkers: 2,
    projects: [
      // One after another in a worker, the files share its loaded modules rather than load the
      // game, the program and Playwright again for each. So a file leaves nothing behind: its
      // spies, fake timers and environment are put back.
      { test: { ...EVERY_FILE, name: 'shared', include: ['test/**/*.test.ts'], exclude: ['node_modules/**', ...MOCKING], isolate: false } },
      { test: { ...EVERY_FILE, name: 'own modules', include: MOCKING } },
    ],
  },
});
