#!/usr/bin/env node
// Runs one TypeScript file (the benchmark, its memory probe) through tsx's loader: `node bin/run-ts.js FILE.ts ARGS…`.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { rerunWithSimulationHeap } from '../lib/heap.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bin/run-ts.js FILE.ts [ARGS…]');
  process.exit(2);
}
// What it runs (the benchmark, its memory probe) simulates in this process: with the young
// generation `uno-extreme simulate` has (see lib/heap.js), so the figures are the command's.
const rerun = rerunWithSimulationHeap();
if (rerun) process.exitCode = await rerun;
else {
  register();
  process.argv.splice(1, 1);
  await import(pathToFileURL(path.resolve(file)).href);
}
