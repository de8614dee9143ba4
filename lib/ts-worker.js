// A worker thread of a clone whose TypeScript cannot be compiled (lib/compiled.js's workerStart):
// tsx's loader in this thread, then the source whose URL is the worker's last argument.
import { register } from 'tsx/esm/api';

register();
await import(process.argv.at(-1));
