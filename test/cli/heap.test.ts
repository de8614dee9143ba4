/**
 * The benchmark's runner (bin/run-ts.js) runs again in a child process with the young generation
 * simulations have (lib/heap.js): the child gets the flag, the arguments, the exit status and the signals.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEMI_SPACE_MB } from '../../lib/heap.js';
import { until } from '../poll.ts';

const heap = path.resolve(import.meta.dirname, '../../lib/heap.js');
const dir = mkdtempSync(path.join(tmpdir(), 'uno-heap-'));
// A command that reruns itself as the entry points do, then prints its flags and exits with its first argument (or waits).
const script = path.join(dir, 'cmd.mjs');
writeFileSync(script, `import { rerunWithSimulationHeap } from ${JSON.stringify(heap)};
const rerun = rerunWithSimulationHeap();
if (rerun) process.exitCode = await rerun;
else {
  console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2) }));
  if (process.argv[2] === 'wait') setInterval(() => {}, 1000);
  else process.exitCode = Number(process.argv[2]);
}
`);

describe('the simulation heap', () => {
  it('the command runs once more with the flag, its arguments and its exit status', () => {
    const r = spawnSync(process.execPath, [script, '3', 'x y'], { encoding: 'utf8' });
    expect(r.status).toBe(3);
    const out = r.stdout.trim().split('\n');
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0])).toEqual({ execArgv: [`--max-semi-space-size=${SEMI_SPACE_MB}`], args: ['3', 'x y'] });
  });

  it('a process started with node flags of its own (the heap flag, a debugger, a profiler), or NODE_OPTIONS, goes on as it is', () => {
    for (const flag of ['--max-semi-space-size=8', '--no-warnings']) {
      const r = spawnSync(process.execPath, [flag, script, '0'], { encoding: 'utf8' });
      expect(JSON.parse(r.stdout)).toEqual({ execArgv: [flag], args: ['0'] });
    }
    const r = spawnSync(process.execPath, [script, '0'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '--no-warnings' } });
    expect(JSON.parse(r.stdout)).toEqual({ execArgv: [], args: ['0'] });
  });

  it('a signal sent to the command ends the child too, and the status says which', async () => {
    const p = spawn(process.execPath, [script, 'wait'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d));
    await until(() => out.includes('execArgv'), 5000, () => 'the child to start');
    const exited = new Promise<[number | null, string | null]>((resolve) => p.once('exit', (code, signal) => resolve([code, signal])));
    p.kill('SIGTERM');
    expect(await exited).toEqual([null, 'SIGTERM']);
  });

  it('bin/run-ts.js (the benchmark\'s runner) runs its TypeScript file in the rerun, with its arguments and exit status', () => {
    const ts = path.join(dir, 'probe.mts'); // an ES module wherever it lies
    writeFileSync(ts, 'const n: number = Number(process.argv[2]);\nconsole.log(JSON.stringify(process.execArgv));\nprocess.exitCode = n;\n');
    const r = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../bin/run-ts.js'), ts, '5'], { encoding: 'utf8' });
    expect(r.status).toBe(5);
    expect(JSON.parse(r.stdout)).toEqual([`--max-semi-space-size=${SEMI_SPACE_MB}`]);
  });
});
