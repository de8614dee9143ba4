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
 *   node bin/run-ts.js bench/instructions.ts [--what classic,extreme,peer] [--jobs 2] [--json] [--by-function N]
 *
 * `--by-function N` adds, per engine, one more run of the many games with the instructions
 * counted by address (`--dump-instr=yes`) and node writing where it puts each compiled function
 * (`--perf-basic-prof`), and gives the N functions (JavaScript as V8 compiled it, or the node
 * binary's own: builtins, the collector) that ran the most instructions of the measured games,
 * per turn: where a change would pay, which the totals cannot say. A compiled function's name
 * starts with V8's tier: `*` optimised, `~` not.
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

const USAGE = 'usage: node bin/run-ts.js bench/instructions.ts [--what classic,extreme,peer,machine] [--jobs N] [--json] [--by-function N]';

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
    'by-function': { type: 'string' },
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
const top = values['by-function'] === undefined ? 0 : Number(values['by-function']);
const problem = bad !== undefined ? `--what: "${bad}" is not an engine: list classic, extreme, peer or machine`
  : !Number.isInteger(jobs) || jobs < 1 ? '--jobs: a whole number of at least 1'
  : !Number.isInteger(top) || top < 0 || (values['by-function'] !== undefined && top === 0) ? '--by-function: how many functions to list, a whole number of at least 1'
  : null;
if (problem) {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'uno-instructions-'));

/** What one run under callgrind counted: the measured games' instructions and turns, and with `byAddress` the functions that ran them. */
interface Counted {
  instructions: number;
  turns: number;
  functions?: FunctionCount[];
}

/**
 * Node's flags for counts that do not depend on how busy the machine is. `--single-threaded`:
 * V8 compiles and collects on the thread that plays, so none of that work falls in or out of the
 * count by chance. `--predictable`: V8 keeps its young generation's size. Without it V8 shrinks
 * it after a scavenge when allocation since the last one ran below 1 MB per second of wall time,
 * which the games never do at full speed but do under callgrind on a busy machine: the measured
 * games then take more scavenges the busier the machine is, and the figure follows the load.
 */
const STEADY = ['--single-threaded', '--predictable'];

/** One run under callgrind; `byAddress`: also the instructions of each function (see `--by-function`). */
function counted(what: string, games: number, warm: number, byAddress = false): Promise<Counted> {
  const out = path.join(work, `${what}-${games}${byAddress ? '-by-address' : ''}.out`);
  const args = ['--tool=callgrind', '--dump-before=uv_getrusage', `--callgrind-out-file=${out}`, ...(byAddress ? ['--dump-instr=yes'] : []),
    process.execPath, ...STEADY, ...(byAddress ? ['--perf-basic-prof'] : []), 'bin/run-ts.js', 'bench/turn-probe.ts', what, String(games), String(warm)];
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
      let text = '';
      try {
        text = readFileSync(`${out}.2`, 'utf8');
      } catch {
        // no second dump: said below
      }
      const total = /^(?:summary|totals): (\d+)/m.exec(text);
      if (!total) return reject(new Error(`${what} with ${games} games: callgrind wrote no count of the measured games (${out}.2)`));
      const result: Counted = { instructions: Number(total[1]), turns: JSON.parse(stdout.trim().split('\n').pop()!).turns };
      if (byAddress) {
        // Node names its compiled code in /tmp/perf-PID.map; under valgrind node keeps the pid valgrind started with.
        const map = `/tmp/perf-${p.pid}.map`;
        try {
          result.functions = byFunction(text, readFileSync(map, 'utf8'));
        } catch (e) {
          return reject(new Error(`${what}: reading where node put its compiled code (${map}): ${(e as Error).message}`));
        } finally {
          rmSync(map, { force: true });
        }
      }
      resolve(result);
    });
  });
}

/** Instructions one function ran. */
interface FunctionCount {
  name: string;
  instructions: number;
}

/** A perf map's name of compiled JavaScript (`JS:*f file:///…/game/play.ts:1:7506`) as the table shows it, the path from the project's root. */
function jsName(mapped: string | null): string {
  if (mapped === null) return 'JS (code node did not map)';
  return `JS ${mapped.replace(/^JS:/, '').replace(`file://${ROOT}`, '')}`;
}

/**
 * The self instructions of each function in a callgrind dump made with `--dump-instr=yes`:
 * functions callgrind names (the node binary's, libc's) as it names them, and code it cannot
 * name (V8's compiled JavaScript) by the address ranges of node's perf map, `JS ` before the
 * name. An address V8 used for more than one function over the run goes to the latest one
 * mapped there, the code that ran in the measured games after warm-up.
 */
function byFunction(dump: string, perfMap: string): FunctionCount[] {
  // The perf map: `START SIZE NAME`, hexadecimal, in the order V8 wrote the code.
  const ranges = perfMap.split('\n').filter((l) => l).map((l, order) => {
    const [start, size, ...name] = l.split(' ');
    return { start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), name: name.join(' '), order };
  }).sort((a, b) => a.start - b.start);
  const maxSize = ranges.reduce((m, r) => Math.max(m, r.end - r.start), 0);
  const nameAt = (address: number): string | null => {
    let lo = 0;
    let hi = ranges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ranges[mid].start <= address) lo = mid + 1;
      else hi = mid;
    }
    let best: (typeof ranges)[number] | null = null;
    for (let i = lo - 1; i >= 0 && address - ranges[i].start < maxSize; i--) {
      const r = ranges[i];
      if (address < r.end && (best === null || r.order > best.order)) best = r;
    }
    return best && best.name;
  };
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  let fn = '';
  let unnamed = false;
  let address = 0;
  let afterCall = false;
  // A position is a number, or relative to the last one (`+N`, `-N`), or the same (`*`).
  const position = (token: string, last: number): number =>
    token === '*' ? last : token[0] === '+' ? last + Number(token.slice(1)) : token[0] === '-' ? last - Number(token.slice(1)) : Number(token);
  for (const line of dump.split('\n')) {
    const c = line[0];
    if ((c >= '0' && c <= '9') || c === '+' || c === '-' || c === '*') {
      const [at, , cost] = line.split(' ');
      address = position(at, address);
      // The line after `calls=` is the call's inclusive cost, the callee's: not this function's own.
      if (afterCall) {
        afterCall = false;
        continue;
      }
      const name = unnamed ? jsName(nameAt(address)) : fn.length > 100 ? `${fn.slice(0, 99)}…` : fn;
      counts.set(name, (counts.get(name) ?? 0) + Number(cost ?? 0));
    } else if (line.startsWith('calls=')) afterCall = true;
    else if (line.startsWith('fn=') || line.startsWith('cfn=')) {
      // `fn=(id) name` names a function the first time, `fn=(id)` after.
      const m = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (!m) continue;
      if (m[2] !== undefined) names.set(m[1], m[2]);
      if (c === 'f') {
        fn = names.get(m[1]) ?? `(${m[1]})`;
        unnamed = fn.startsWith('0x') || fn.includes('???');
      }
    }
  }
  return [...counts].map(([name, instructions]) => ({ name, instructions })).sort((a, b) => b.instructions - a.instructions);
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
  const perEngine = top > 0 ? 3 : 2;
  const runs = await pool(whats.flatMap((w) => [
    () => counted(w, PLAN[w].few, PLAN[w].warm),
    () => counted(w, PLAN[w].many, PLAN[w].warm),
    ...(top > 0 ? [() => counted(w, PLAN[w].many, PLAN[w].warm, true)] : []),
  ]));
  const rows = whats.map((what, i) => {
    const [a, b, c] = runs.slice(perEngine * i, perEngine * i + perEngine);
    const row = {
      what, games: [PLAN[what].few, PLAN[what].many], turns: b.turns - a.turns,
      instructionsPerTurn: Math.round((b.instructions - a.instructions) / (b.turns - a.turns)),
      // A game is a round (one match for none of these engines): machine fidelity's goal is counted in rounds.
      instructionsPerGame: Math.round((b.instructions - a.instructions) / (PLAN[what].many - PLAN[what].few)),
    };
    if (!c) return row;
    // The many games' window, per turn: it holds the few games' start-up share too, a small part of it.
    const functions = c.functions!.slice(0, top).map((f) => ({ name: f.name, perTurn: Math.round(f.instructions / c.turns), share: Math.round((1000 * f.instructions) / c.instructions) / 10 }));
    return { ...row, functions };
  });
  const peer = rows.find((r) => r.what === 'peer');
  const classic = rows.find((r) => r.what === 'classic');
  const ratio = peer && classic ? Math.round((peer.instructionsPerTurn / classic.instructionsPerTurn) * 100) / 100 : null;
  if (values.json) console.log(JSON.stringify({ rows, peerOverClassic: ratio }));
  else {
    console.log('engine     games (few / many)   turns counted   instructions per turn   per game (round)');
    for (const r of rows) {
      console.log(`${r.what.padEnd(10)} ${`${r.games[0]} / ${r.games[1]}`.padEnd(20)} ${String(r.turns).padStart(13)}   ${String(r.instructionsPerTurn).padStart(21)}   ${String(r.instructionsPerGame).padStart(16)}`);
    }
    if (ratio !== null) console.log(`classic takes ${ratio}× fewer instructions per turn than the peer (uno-engine), the same policy`);
    for (const r of rows) {
      if (!('functions' in r)) continue;
      console.log(`\n${r.what}: the ${r.functions.length} functions that ran the most of the measured games' instructions (per turn, share)`);
      for (const f of r.functions) console.log(`${String(f.perTurn).padStart(7)} ${`${f.share.toFixed(1)} %`.padStart(7)}  ${f.name}`);
    }
  }
} catch (e) {
  console.error(`bench/instructions: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
