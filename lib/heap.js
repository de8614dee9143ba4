// The young generation a simulation's own thread runs with. A simulated round at machine
// fidelity allocates much at every XState step, nearly all short-lived; with V8's default semi-spaces
// (16 MiB on 64-bit Node 20) the main thread, which plays the games when there is one worker, ran
// machine fidelity at a median of 264 games/s against 422 with 32 MiB (7 interleaved runs each,
// 600 games after 200 unmeasured). sim/simulate.ts gives its worker threads the same young
// generation through resourceLimits (YOUNG_GENERATION_MB: two semi-spaces and the new
// large-object space, 3 × this); `simulate` plays on worker threads even with one. V8 takes it for
// a main thread only as a command-line flag, so bin/run-ts.js (the benchmark, which plays in its
// own thread beside the peer) runs again with it.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

export const SEMI_SPACE_MB = 32;

/**
 * Runs this process's command again with `--max-semi-space-size`: resolves with the child's exit
 * status (exit with it), or returns null when this process goes on as it is. It goes on when node
 * was given flags of its own, on its command line or in NODE_OPTIONS (the heap flag itself, a
 * debugger, a profiler): they are the developer's choice, and a debugger or profiler belongs to the
 * process that does the work. Signals sent to this process are passed to the child; a child ended
 * by one ends this process by the same signal, as a shell expects.
 */
export function rerunWithSimulationHeap() {
  if (process.execArgv.length > 0 || (process.env.NODE_OPTIONS ?? '').trim() !== '') return null;
  const child = spawn(process.execPath, [`--max-semi-space-size=${SEMI_SPACE_MB}`, ...process.argv.slice(1)], { stdio: 'inherit' });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const pass = (signal) => child.kill(signal);
  for (const s of signals) process.on(s, pass);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const s of signals) process.off(s, pass);
      if (signal) process.kill(process.pid, signal);
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}
