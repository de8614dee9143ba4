/**
 * A simulation worker thread: receives chunks, plays them, posts the results.
 */
import { parentPort } from 'node:worker_threads';
import { runChunk, type SimSettings } from './chunk.ts';

parentPort!.on('message', (m: { settings: SimSettings; start: number; end: number } | 'exit') => {
  if (m === 'exit') return void parentPort!.close();
  try {
    parentPort!.postMessage({ ok: true, result: runChunk(m.settings, m.start, m.end) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).message, start: m.start });
  }
});
