#!/usr/bin/env node
// Entry point of the `uno-extreme` command: the TypeScript CLI as it is checked out, with no build
// step: compiled once per version of its sources (lib/compiled.js), or loaded through tsx's loader
// where it cannot be compiled.
import { compiled } from '../lib/compiled.js';

let cli;
try {
  cli = await compiled('cli/main.ts');
} catch {
  const { register } = await import('tsx/esm/api');
  register();
  cli = new URL('../cli/main.ts', import.meta.url).href;
}
const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));
