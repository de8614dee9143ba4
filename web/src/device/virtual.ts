/**
 * Starts the virtual launcher: the worker with the firmware on avr8js (`worker.ts`), as a line
 * transport. Loaded only when the virtual launcher is chosen, so neither the worker nor the hex
 * weighs on the page's first load.
 */
import { WorkerTransport } from './worker-transport.ts';

/** A fresh virtual launcher (a board just powered on, its roller empty). */
export function startVirtualLauncher(): WorkerTransport {
  return new WorkerTransport(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'virtual launcher' }));
}
