#!/usr/bin/env node
// Entry point of the `uno-extreme` command. From a clone: the TypeScript CLI as it is checked
// out, with no build step, compiled once per version of its sources (lib/compiled.js), or loaded
// through tsx's loader where it cannot be compiled. From the installed package: the program built
// at `npm pack` (dist/), with nothing compiled at run time.
import { BuildError, compiled } from '../lib/compiled.js';

let cli;
try {
  cli = await compiled('cli/main.ts');
} catch (e) {
  if (e instanceof BuildError) {
    console.error(`uno-extreme: ${e.message}`);
    process.exit(1);
  }
  const { register } = await import('tsx/esm/api');
  register();
  cli = new URL('../cli/main.ts', import.meta.url).href;
}
const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));
