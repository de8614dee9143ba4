/**
 * Plays `games` games of one engine in this process and prints the turns played, for counting
 * instructions per turn under callgrind: run it twice with different `games` (same warm-up) and
 * divide the difference in instructions by the difference in turns, so start-up, loading and
 * the JIT's first compilations cancel out. Classic plays the `first` bot, the peer's policy.
 *
 * `node bin/run-ts.js bench/turn-probe.ts classic|extreme|machine|peer GAMES [WARMUP]`
 *
 * The measured games are framed by the only two CPU-time reads of the run (`process.cpuUsage`):
 * bench/instructions.ts has callgrind dump its counts at each, to count those games alone.
 */
import { runChunk, type SimSettings } from '../sim/chunk.ts';
import { peer } from './peer.js';

const [what = 'classic', gamesText = '1000', warmText = '2000'] = process.argv.slice(2);
const games = Number(gamesText);
const warm = Number(warmText);
if (!['classic', 'extreme', 'machine', 'peer'].includes(what) || !Number.isInteger(games) || !Number.isInteger(warm)) {
  console.error('usage: node bin/run-ts.js bench/turn-probe.ts classic|extreme|machine|peer GAMES [WARMUP]');
  process.exit(2);
}
let turns = 0;
let cpu: NodeJS.CpuUsage = { user: 0, system: 0 };
// Wall times too (the warm-up's: a first run's rate, cold as a user's is), read without the CPU clock.
const t0 = performance.now();
let t1 = 0;
if (what === 'peer') {
  peer(warm);
  t1 = performance.now();
  const c0 = process.cpuUsage();
  const r = peer(games);
  cpu = process.cpuUsage(c0);
  turns = Math.round(r.turnsPerSecond * r.seconds);
} else {
  const s: SimSettings = {
    games: 0, players: 4, rules: what === 'classic' ? 'classic' : 'extreme', profiles: ['seed-0-8'], seed: 1,
    fidelity: what === 'machine' ? 'machine' : 'fast', match: false, bots: [what === 'classic' ? 'first' : 'heuristic'], csv: false,
  };
  runChunk(s, 100_000, 100_000 + warm);
  t1 = performance.now();
  const c0 = process.cpuUsage();
  turns = runChunk(s, 0, games).aggregates[0].turns.sum;
  cpu = process.cpuUsage(c0);
}
const seconds = (performance.now() - t1) / 1000;
const warmSeconds = (t1 - t0) / 1000;
console.log(JSON.stringify({
  what, games, warm, turns, cpuSeconds: cpu.user / 1e6, systemSeconds: cpu.system / 1e6, seconds, warmSeconds, turnsPerCpuSecond: Math.round(turns / (cpu.user / 1e6)),
}));
