#!/usr/bin/env node
// Entry point of the `uno-extreme` command: loads the TypeScript CLI through tsx's loader,
// so the repo runs as it is checked out, with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
