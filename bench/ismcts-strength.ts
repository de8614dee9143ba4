/**
 * How strong the ISMCTS bot is: its seat's win share in 4-player rounds against three heuristic
 * bots, with the 95 % Wilson interval, next to the "ceiling" (the same search seeing every hand
 * and the supply), and the time of its searched decisions (median, 99th percentile). The seat
 * goes round the table (round g: seat g mod 4), so no seat's advantage counts. A script, not a
 * timed test:
 *
 *   node bin/run-ts.js bench/ismcts-strength.ts [--rounds 2000] [--rules extreme,classic]
 *     [--budget N|Nsteps] [--seed 1] [--processes 2] [--variants ismcts,ceiling] [--json]
 *
 * `--processes N` plays the rounds in N processes (round g in process g mod N): the figures do
 * not depend on N, the wall times do (processes on a shared machine slow each other); the
 * CPU times (the process's, a decision being one thread's work) much less.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { FastLauncher } from '../emulator/api.ts';
import { resolveProfile } from '../emulator/profiles.ts';
import { budgetText, DEFAULT_BUDGET, ismctsBot, makeBots, parseBudget, type Bot, type IsmctsBot } from '../game/bots/index.ts';
import { runRoundSync } from '../game/runner.ts';
import { createGame } from '../game/setup.ts';
import { seedRng, wideSeed } from '../lib/rng.ts';
import { quantile, wilson } from '../lib/stats.ts';

const USAGE = 'usage: node bin/run-ts.js bench/ismcts-strength.ts [--rounds N] [--rules extreme,classic] [--budget N|Nsteps] [--seed N] [--processes N] [--variants ismcts,ceiling] [--json]';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2000' },
    rules: { type: 'string', default: 'extreme,classic' },
    budget: { type: 'string', default: budgetText(DEFAULT_BUDGET) },
    seed: { type: 'string', default: '1' },
    processes: { type: 'string', default: '1' },
    variants: { type: 'string', default: 'ismcts,ceiling' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
    // One process's share: rounds g with g mod N = K (internal, set by --processes).
    part: { type: 'string' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const rounds = Number(values.rounds);
const seed = Number(values.seed);
const processes = Number(values.processes);
const parsed = parseBudget(values.budget!);
const ruleSets = values.rules!.split(',').map((r) => r.trim());
const variants = values.variants!.split(',').map((v) => v.trim());
const badVariant = variants.find((v) => v !== 'ismcts' && v !== 'ceiling');
if (badVariant !== undefined) {
  console.error(`--variants: "${badVariant}" is not a variant: list ismcts, ceiling or both\n${USAGE}`);
  process.exit(2);
}
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(seed) || seed < 0 || !Number.isInteger(processes) || processes < 1 || 'error' in parsed || 'ms' in parsed) {
  console.error(`${'error' in parsed ? `--budget: ${parsed.error}\n` : ''}${USAGE} (--budget counts playouts or steps: a time budget is not reproducible)`);
  process.exit(2);
}
const budget = parsed;

/** What one process measured for one rule set and variant. */
interface Tally {
  rules: string;
  variant: string;
  rounds: number;
  wins: number;
  /** Searched decisions' wall times, ms. */
  times: number[];
  /** The same decisions' CPU times, ms: what they cost one core, whatever else the machine runs. */
  cpu: number[];
  playouts: number;
  /** Moves played inside playouts. */
  steps: number;
}

/** Rounds `g` of `rules` with `g mod of = part`: the variant's seat against three heuristic bots. */
function play(rules: string, variant: string, part: number, of: number): Tally {
  const t: Tally = { rules, variant, rounds: 0, wins: 0, times: [], cpu: [], playouts: 0, steps: 0 };
  for (let g = part; g < rounds; g += of) {
    const roundSeed = wideSeed(seed, g);
    const start = createGame({ rules, players: 4, seed: roundSeed, log: false });
    const profile = resolveProfile(start.rules.profile ?? 'seed-0-8');
    const launcher = start.rules.options.launcher ? new FastLauncher(profile, seedRng(roundSeed, 1)) : null;
    const seat = g % 4;
    const bots: Bot[] = makeBots(4, roundSeed, 'heuristic');
    const searcher: IsmctsBot = ismctsBot({ seed: roundSeed, seat, budget, profile, omniscient: variant === 'ceiling' });
    const timed = (f: () => unknown) => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const r = f();
      const c = process.cpuUsage(c0);
      if (searcher.last) t.times.push(performance.now() - t0), t.cpu.push((c.user + c.system) / 1000), (t.playouts += searcher.last.iterations), (t.steps += searcher.last.result?.steps ?? 0);
      return r;
    };
    bots[seat] = {
      name: searcher.name,
      observe: (s, m, e) => searcher.observe!(s, m, e),
      choose: (s, st, moves) => timed(() => searcher.choose(s, st, moves)) as ReturnType<Bot['choose']>,
      react: (s, st, moves) => timed(() => searcher.react(s, st, moves)) as ReturnType<Bot['react']>,
    };
    const { state } = runRoundSync(start, launcher, bots);
    t.rounds++;
    if (state.winner === seat) t.wins++;
  }
  return t;
}

function runPart(part: number, of: number): Tally[] {
  return ruleSets.flatMap((rules) => variants.map((variant) => play(rules, variant, part, of)));
}

/** The same run in `processes` processes, one part each, merged. */
async function runAll(): Promise<Tally[]> {
  if (processes === 1) return runPart(0, 1);
  const script = fileURLToPath(import.meta.url);
  const runner = fileURLToPath(new URL('../bin/run-ts.js', import.meta.url));
  const parts = await Promise.all(
    Array.from({ length: processes }, (_, k) => new Promise<Tally[]>((resolve, reject) => {
      const args = [runner, script, '--rounds', String(rounds), '--rules', ruleSets.join(','), '--budget', values.budget!, '--seed', String(seed), '--variants', variants.join(','), '--part', `${k}/${processes}`];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as Tally[]) : reject(new Error(`part ${k}/${processes} failed (exit ${code})`))));
    })),
  );
  return parts[0].map((t, i) => {
    const all = parts.map((p) => p[i]);
    return { ...t, rounds: sum(all.map((p) => p.rounds)), wins: sum(all.map((p) => p.wins)), times: all.flatMap((p) => p.times), cpu: all.flatMap((p) => p.cpu), playouts: sum(all.map((p) => p.playouts)), steps: sum(all.map((p) => p.steps)) };
  });
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

if (values.part !== undefined) {
  const [k, n] = values.part.split('/').map(Number);
  process.stdout.write(JSON.stringify(runPart(k, n)));
} else {
  const t0 = performance.now();
  const tallies = await runAll();
  const rows = tallies.map((t) => {
    const times = t.times.slice().sort((a, b) => a - b);
    const cpu = t.cpu.slice().sort((a, b) => a - b);
    const [low, high] = wilson(t.wins, t.rounds);
    return {
      rules: t.rules, variant: t.variant, rounds: t.rounds, wins: t.wins, share: t.wins / t.rounds, low, high,
      decisions: times.length, medianMs: quantile(times, 0.5), p99Ms: quantile(times, 0.99), cpuMedianMs: quantile(cpu, 0.5), cpuP99Ms: quantile(cpu, 0.99), playoutsPerDecision: t.playouts / Math.max(1, times.length), stepsPerPlayout: t.steps / Math.max(1, t.playouts),
    };
  });
  const result = { budget: budgetText(budget), seed, processes, seconds: (performance.now() - t0) / 1000, rows };
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else {
    const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
    console.log(`ISMCTS seat vs 3 heuristic bots, 4 players, budget ${budgetText(budget)} per decision, seed ${seed}, ${processes} process(es), ${result.seconds.toFixed(0)} s`);
    console.log('rules      variant   rounds   wins   share    95 % interval       decisions  median ms  p99 ms  cpu median  cpu p99  playouts');
    for (const r of rows) {
      console.log(
        `${r.rules.padEnd(10)} ${r.variant.padEnd(9)} ${String(r.rounds).padStart(6)} ${String(r.wins).padStart(6)}  ${pct(r.share).padStart(7)}  ${pct(r.low).padStart(7)} – ${pct(r.high).padStart(7)}  ${String(r.decisions).padStart(9)}  ${r.medianMs.toFixed(1).padStart(9)}  ${r.p99Ms.toFixed(1).padStart(6)}  ${r.cpuMedianMs.toFixed(1).padStart(10)}  ${r.cpuP99Ms.toFixed(1).padStart(7)}  ${r.playoutsPerDecision.toFixed(0).padStart(8)}`,
      );
    }
  }
}
