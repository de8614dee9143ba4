/**
 * `bench/rooms.ts --peer boardgameio [--pairs N]`: our room server and boardgame.io's, the same
 * rooms, seconds and think time, alternated in one run. Each side runs as its own bench process
 * (bench/rooms.ts for ours, bench/rooms-peer/rooms.ts for theirs), one after the other, so each has
 * the machine's cores as the other had them a moment before; the order turns round every pair
 * (ours first, then theirs first) so a load that rises or falls through the run weighs on both.
 * Prints one JSON line a phase, then a summary: for each side the CPU time the server spent per
 * move, p50/p99, moves a second and the rooms one core would hold, and ours against theirs.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { num } from '../rooms-load.ts';
import { median } from '../../lib/stats.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PEERS = ['boardgameio'];

/** A side's phase as its bench printed it, and what the comparison derives from it. */
interface Phase {
  side: 'ours' | 'boardgameio';
  load1: number;
  rooms: number;
  seconds: number;
  moves: number;
  p50ms: number;
  p99ms: number;
  /** The server's CPU share, in per cent of one core. */
  serverCpu: number;
  roomsPerCore: number;
  [field: string]: unknown;
}

/** The command line without the comparison's own flags: what each side's bench is given. */
function sideArgs(): string[] {
  const out: string[] = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--peer' || argv[i] === '--pairs') i++;
    else out.push(argv[i]);
  }
  return out;
}

/** Runs one side's bench to its end; its JSON line. */
function phase(side: Phase['side'], script: string, args: string[]): Promise<Phase> {
  const load1 = loadavg()[0];
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/run-ts.js'), path.join(ROOT, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  return new Promise((ok, fail) =>
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || !line) fail(new Error(`${side}'s bench exited ${code}`));
      else ok({ side, load1: Math.round(load1 * 100) / 100, ...(JSON.parse(line) as object) } as Phase);
    }),
  );
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** One side's phases together: CPU and moves summed over them, the latencies their medians. */
function summary(phases: Phase[]) {
  const cpu = phases.reduce((n, p) => n + (p.serverCpu / 100) * p.seconds, 0);
  const wall = phases.reduce((n, p) => n + p.seconds, 0);
  const moves = phases.reduce((n, p) => n + p.moves, 0);
  return {
    cpuPerTimedMoveMs: round((cpu * 1000) / moves, 3),
    p50ms: round(median(phases.map((p) => p.p50ms)), 1),
    p99ms: round(median(phases.map((p) => p.p99ms)), 1),
    movesPerSecond: round(moves / wall, 1),
    roomsPerCore: Math.floor((phases[0].rooms * wall) / cpu),
  };
}

export async function compare(): Promise<void> {
  const peer = process.argv[process.argv.indexOf('--peer') + 1];
  if (!PEERS.includes(peer)) {
    process.stderr.write(`--peer must be one of: ${PEERS.join(', ')}\n`);
    process.exit(2);
  }
  if (process.argv.includes('--search-rooms')) {
    process.stderr.write('--search-rooms has no counterpart on the peer: run it without --peer\n');
    process.exit(2);
  }
  const pairs = num('--pairs', 2, 5);
  const args = sideArgs();
  const ours = () => phase('ours', 'bench/rooms.ts', args);
  const theirs = () => phase('boardgameio', 'bench/rooms-peer/rooms.ts', args);
  const phases: Phase[] = [];
  for (let i = 0; i < pairs; i++) {
    for (const run of i % 2 === 0 ? [ours, theirs] : [theirs, ours]) {
      const p = await run();
      phases.push(p);
      const cpuPerTimedMoveMs = round((p.serverCpu * 10 * p.seconds) / p.moves, 3);
      process.stdout.write(`${JSON.stringify({ ...p, cpuPerTimedMoveMs, movesPerSecond: round(p.moves / p.seconds, 1) })}\n`);
    }
  }
  const a = summary(phases.filter((p) => p.side === 'ours'));
  const b = summary(phases.filter((p) => p.side === 'boardgameio'));
  process.stdout.write(
    `${JSON.stringify({
      summary: true, rooms: phases[0].rooms, pairs, load1: phases.map((p) => p.load1), ours: a, boardgameio: b,
      // Above 1: ours is ahead by that factor.
      oursAhead: { roomsPerCore: round(a.roomsPerCore / b.roomsPerCore, 2), cpuPerMove: round(b.cpuPerTimedMoveMs / a.cpuPerTimedMoveMs, 2), p99: round(b.p99ms / a.p99ms, 2) },
    })}\n`,
  );
}
