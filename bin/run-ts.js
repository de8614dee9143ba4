#!/usr/bin/env node
// Runs one TypeScript file (a benchmark, a worker) through tsx's loader: `node bin/run-ts.js FILE.ts ARGS…`.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

register();
const file = process.argv[2];
if (!file) {
  console.error('usage: node bin/run-ts.js FILE.ts [ARGS…]');
  process.exit(2);
}
process.argv.splice(1, 1);
await import(pathToFileURL(path.resolve(file)).href);
