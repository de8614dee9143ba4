/**
 * Run once before the test files (vitest.config.ts's `globalSetup`): what several files would
 * otherwise each make at the same time, made once. The program: its first start would compile the
 * CLI (lib/compiled.js), and several files start it at once. The page: every browser test file
 * starts `uno-extreme web`, which builds web/dist when its sources are newer.
 */
import { ensurePageBuilt } from '../cli/web.ts';
import { compiled } from '../lib/compiled.js';

export default async function setup(): Promise<void> {
  await Promise.all([compiled('cli/main.ts'), ensurePageBuilt(() => {})]);
}
