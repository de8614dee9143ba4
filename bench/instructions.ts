/**
 * Instructions per turn, counted by callgrind: the one figure of the engines' speed that a
 * loaded, shared machine does not move. Each engine plays `bench/turn-probe.ts` twice under
 * `valgrind --tool=callgrind`, with few and with many games after the same warm-up. Only the
 * measured games are counted: the probe reads its CPU time (`uv_getrusage`) just before and just
 * after them, and callgrind dumps its counters at each of those calls, so start-up, loading and
 * exit (whose counts swing by hundreds of millions from run to run) stay out. The difference of
 * the two windows over the difference of turns then leaves out the JIT's first compilations too.
 * A script, not a timed test:
 *
 *   node bin/run-ts.js bench/instructions.ts [--what classic,extreme,peer] [--jobs 2] [--json]
 *
 * `machine` (machine fidelity) may be listed too; its counts swing with the JIT far more than
 * the others', so read it over several runs. `--jobs N` runs N valgrinds at once: the counts do
 * not depend on it, the wall time does.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = 'usage: node bin/run-ts.js bench/instructions.ts [--what classic,extreme,peer,machine] [--jobs N] [--json]';

/** Games of the short and the long run, and the warm-up before each, per engine. */
const PLAN: Record<string, { few: number; many: number; warm: number }> = {
  classic: { few: 1000, many: 11_000, warm: 2000 },
  extreme: { few: 500, many: 5500, warm: 2000 },
  peer: { few: 1000, many: 11_000, warm: 2000 },
  machine: { few: 50, many: 650, warm: 200 },
};

const { values } = parseArgs({
  options: {
    what: { type: 'string', default: 'classic,extreme,peer' },
    jobs: { type: 'string', default: '2' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const whats = values.what!.split(',').map((w) => w.trim());
const bad = whats.find((w) => !(w in PLAN));
const jobs = Number(values.jobs);
if (bad !== undefined || !Number.isInteger(jobs) || jobs < 1) {
  console.error(`${bad !== undefined ? `--what: "${bad}" is not an engine: list classic, extreme, peer or machine` : '--jobs: a whole number of at least 1'}\n${USAGE}`);
  process.exit(2);
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'uno-instructions-'));

/** One run under callgrind: its instructions and the turns the probe played. */
function counted(what: string, games: number, warm: number): Promise<{ instructions: number; turns: number }> {
  const out = path.join(work, `${what}-${games}.out`);
  const args = ['--tool=callgrind', '--dump-before=uv_getrusage', `--callgrind-out-file=${out}`, process.execPath, '--single-threaded', 'bin/run-ts.js', 'bench/turn-probe.ts', what, String(games), String(warm)];
  return new Promise((resolve, reject) => {
    const p = spawn('valgrind', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    p.on('error', (e) => reject((e as NodeJS.ErrnoException).code === 'ENOENT' ? new Error('it needs valgrind: apt-get install valgrind') : e));
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${what} with ${games} games: valgrind exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' / ')}`));
      // Dump 1 ends at the first CPU-time read (start-up and warm-up), dump 2 at the second: the
      // measured games. Each file gives its total as `summary: N` (older versions: `totals: N`).
      let total: RegExpExecArray | null = null;
      try {
        total = /^(?:summary|totals): (\d+)/m.exec(readFileSync(`${out}.2`, 'utf8'));
      } catch {
        // no second dump: said below
      }
      if (!total) return reject(new Error(`${what} with ${games} games: callgrind wrote no count of the measured games (${out}.2)`));
      resolve({ instructions: Number(total[1]), turns: JSON.parse(stdout.trim().split('\n').pop()!).turns });
    });
  });
}

/** Runs the tasks, `jobs` at a time; their results in the tasks' order. */
async function pool<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
      if (!values.json) process.stderr.write(`\r${++done}/${tasks.length} runs under callgrind`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
  if (!values.json) process.stderr.write('\n');
  return results;
}

try {
  const runs = await pool(whats.flatMap((w) => [() => counted(w, PLAN[w].few, PLAN[w].warm), () => counted(w, PLAN[w].many, PLAN[w].warm)]));
  const rows = whats.map((what, i) => {
    const [a, b] = [runs[2 * i], runs[2 * i + 1]];
    return { what, games: [PLAN[what].few, PLAN[what].many], turns: b.turns - a.turns, instructionsPerTurn: Math.round((b.instructions - a.instructions) / (b.turns - a.turns)) };
  });
  const peer = rows.find((r) => r.what === 'peer');
  const classic = rows.find((r) => r.what === 'classic');
  const ratio = peer && classic ? Math.round((peer.instructionsPerTurn / classic.instructionsPerTurn) * 100) / 100 : null;
  if (values.json) console.log(JSON.stringify({ rows, peerOverClassic: ratio }));
  else {
    console.log('engine     games (few / many)   turns counted   instructions per turn');
    for (const r of rows) console.log(`${r.what.padEnd(10)} ${`${r.games[0]} / ${r.games[1]}`.padEnd(20)} ${String(r.turns).padStart(13)}   ${String(r.instructionsPerTurn).padStart(21)}`);
    if (ratio !== null) console.log(`classic takes ${ratio}× fewer instructions per turn than the peer (uno-engine), the same policy`);
  }
} catch (e) {
  console.error(`bench/instructions: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
