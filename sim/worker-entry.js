// Worker threads start here: load tsx's loader in this thread, then the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
