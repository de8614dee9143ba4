/**
 * `npm run bench`: rounds/s and turns/s for classic and extreme rules, fast and machine fidelity,
 * one worker and all cores; XState events/s; peak memory against N; and a peer run side by side:
 * the npm package uno-engine on classic rules, both sides with the same first-playable policy (our
 * `first` bot, the peer's loop in ./peer.js). Prints a table (and
 * `--json` one object) to paste into a note.
 */
import { availableParallelism, loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { simulate } from '../sim/simulate.ts';
import type { SimSettings } from '../sim/chunk.ts';
import { peer, peerThreads, type PeerRun } from './peer.js';
import { median } from '../lib/stats.ts';
import { MachineLauncher } from '../emulator/launcher.ts';
import { resolveProfile } from '../emulator/profiles.ts';
import { assign, createActor, setup } from 'xstate';
import { createGame, makeBots, runRoundSync } from '../game/index.ts';

const cores = availableParallelism();
const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const scale = quick ? 0.2 : 1;
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * One measured run. `cpuSeconds`: the process's CPU time over the run (`process.cpuUsage`, user
 * and system, every thread of the process), for the runs in this thread: a rate per CPU-second
 * is what one core gives whatever else the machine runs, where rounds/s is wall time and follows
 * the load.
 */
interface Row { what: string; workers: number; rounds: number; seconds: number; cpuSeconds: number; roundsPerSecond: number; turnsPerSecond: number }
const rows: Row[] = [];

async function measure(what: string, s: Omit<SimSettings, 'csv' | 'seed' | 'match' | 'profiles' | 'bots'> & { bots?: SimSettings['bots'] }, workers: number, threads = false): Promise<Row> {
  const settings: SimSettings = { seed: 1, match: false, profiles: ['seed-0-8'], bots: ['heuristic'], csv: false, ...s, games: Math.max(20, Math.round(s.games * scale)) };
  const c0 = process.cpuUsage();
  const r = await simulate(settings, workers, { threads });
  const cpu = process.cpuUsage(c0);
  const turns = r.aggregates[0].turns.sum;
  const row = {
    what, workers, rounds: settings.games, seconds: r.seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6,
    roundsPerSecond: settings.games / r.seconds, turnsPerSecond: turns / r.seconds,
  };
  rows.push(row);
  const how = threads ? `${workers} thread(s)` : workers === 1 ? 'in-process' : `${workers} thread(s)`;
  say(what, how, row.roundsPerSecond, row.turnsPerSecond);
  return row;
}

/** One row of the table on standard error (none with `--json`): what ran, how, and its rates. */
function say(what: string, how: string, roundsPerSecond: number, turnsPerSecond?: number): void {
  const turns = turnsPerSecond === undefined ? '' : `  ${turnsPerSecond.toFixed(0).padStart(9)} turns/s`;
  if (!json) console.error(`  ${what.padEnd(34)} ${how.padStart(11)}  ${roundsPerSecond.toFixed(0).padStart(7)} rounds/s${turns}`);
}

/** The peer in this thread, on as many rounds as ours plays in a pair; its row said. */
function measurePeer(): PeerRun {
  const run = peer(Math.round(3000 * scale));
  say('peer uno-engine, classic', 'in-process', run.roundsPerSecond, run.turnsPerSecond);
  return run;
}

/** XState events per second: presses on the machine alone, counting every event it processes. */
function machineEvents(presses: number): { eventsPerSecond: number; pressesPerSecond: number } {
  let events = 0;
  const deck = Array.from({ length: 108 }, (_, i) => `c${i}`);
  const l = new MachineLauncher({ profile: resolveProfile('seed-0-8'), seed: 1, supply: deck, inspect: (e) => void (e.type === '@xstate.event' && events++) });
  const t0 = performance.now();
  for (let i = 0; i < presses; i++) {
    if (l.supplyCount === 0) l.loadSync(deck);
    const r = l.pressSync();
    if (r.jam) l.clearJamSync();
  }
  const s = (performance.now() - t0) / 1000;
  return { eventsPerSecond: events / s, pressesPerSecond: presses / s };
}

/** XState events in a four-player extreme round at machine fidelity (presses, timers, aims, reloads), averaged. */
function machineEventsPerRound(rounds: number): number {
  let events = 0;
  for (let i = 0; i < rounds; i++) {
    const game = createGame({ rules: 'extreme', players: 4, seed: i, log: false });
    const l = new MachineLauncher({ profile: resolveProfile('seed-0-8'), seed: i, seats: 4, inspect: (e) => void (e.type === '@xstate.event' && events++) });
    runRoundSync(game, l, makeBots(4, i, 'heuristic'));
  }
  return events / rounds;
}

/**
 * Machine fidelity on one core, as `simulate --fidelity machine` plays it for a user: in a fresh
 * process (bench/turn-probe.ts), `first` rounds cold (its first run) then `games` more, the rate a
 * long run settles at, per CPU-second of that process alone. In this process, after the runs
 * above, the same rounds cost a quarter more: code the other runs made polymorphic, a larger heap.
 */
function machineAlone(first: number, games: number): { firstRoundsPerSecond: number; roundsPerSecond: number; roundsPerCpuSecond: number } {
  const out = execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../bin/run-ts.js'), path.resolve(import.meta.dirname, 'turn-probe.ts'), 'machine', String(games), String(first)], { encoding: 'utf8' });
  const r = JSON.parse(out) as { seconds: number; warmSeconds: number; cpuSeconds: number; systemSeconds: number };
  const row = { firstRoundsPerSecond: first / r.warmSeconds, roundsPerSecond: games / r.seconds, roundsPerCpuSecond: games / (r.cpuSeconds + r.systemSeconds) };
  say('extreme, machine (first run)', 'own process', row.firstRoundsPerSecond);
  say('extreme, machine', 'own process', row.roundsPerSecond);
  return row;
}

/** Peak memory of a run of `games` in a fresh process (so earlier runs do not count). */
function peakMemory(games: number): number {
  const out = execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../bin/run-ts.js'), path.resolve(import.meta.dirname, 'mem-probe.ts'), String(games)], { encoding: 'utf8' });
  return JSON.parse(out).peakMemoryMiB;
}

/**
 * XState's own floor on this machine: a flat two-state machine with one assign per event, the
 * cheapest machine XState v5 runs. The launcher machine cannot go faster per event than this.
 */
function xstateFloor(events: number): number {
  const m = setup({ types: { events: {} as { type: 'GO' } } }).createMachine({
    context: { n: 0 },
    initial: 'a',
    states: {
      a: { on: { GO: { target: 'b', actions: assign({ n: ({ context }) => context.n + 1 }) } } },
      b: { on: { GO: { target: 'a', actions: assign({ n: ({ context }) => context.n + 1 }) } } },
    },
  });
  const actor = createActor(m).start();
  const t0 = performance.now();
  for (let i = 0; i < events; i++) actor.send({ type: 'GO' });
  return events / ((performance.now() - t0) / 1000);
}

const repeats = Math.max(1, Number(arg('--repeat') ?? (quick ? 1 : 3)));
if (!json) console.error(`uno-extreme benchmark · ${cores} core(s) · Node ${process.version}${quick ? ' · quick' : ''} · ratios are medians of ${repeats} interleaved runs`);
// The classic rows play the peer's policy (the `first` bot): turns/s of the same work on both sides.
const classic = { players: 4, rules: 'classic', fidelity: 'fast' as const, bots: ['first' as const] };
const extreme = { players: 4, rules: 'extreme', fidelity: 'fast' as const };
const peerRatios: number[] = [];
const scaling: number[] = [];
let classicFast1: Row | null = null;
let p: PeerRun | null = null;
const peerScaling: number[] = [];
let extremeThread1: Row | null = null;
let extremeFastN: Row | null = null;
// The ratio to the peer is measured first, before any worker thread runs in this process: for a
// while after a thread job ends (its threads tearing their isolates down, work the job held off
// catching up), whatever this thread runs next runs slower, and after the thread jobs it was
// always the first run of a pair. The pairs are to measure the two engines alone, alike.
// One unmeasured pass of both in this thread first: each side's first run is mostly its JIT
// warming up, and the peer warms up as much as we do (its turns/s doubles from a cold run).
await simulate({ seed: 2, match: false, profiles: ['seed-0-8'], csv: false, games: Math.round(3000 * scale), ...classic }, 1);
peer(Math.round(3000 * scale));
// Then interleaved pairs, each side first in every other pair, so a slow spell of a shared
// machine, or anything a run leaves to the next, hits both sides alike; the median is reported.
for (let r = 0; r < repeats; r++) {
  const peerFirst = r % 2 === 1 ? (p = measurePeer()) : null;
  classicFast1 = await measure('classic, fast', { games: 3000, ...classic }, 1);
  p = peerFirst ?? measurePeer();
  peerRatios.push(classicFast1.turnsPerSecond / p.turnsPerSecond);
}
// Scaling is measured thread against thread, one worker thread then one per core, in interleaved
// pairs too. 5000 games a thread, as `simulate --games 10000 --workers 2` gives each: every worker
// starts cold, and its warm-up (compiled on background threads, which need a free core) is part of it.
for (let r = 0; r < repeats; r++) {
  extremeThread1 = await measure('extreme, fast', { games: 5000, ...extreme }, 1, true);
  extremeFastN = await measure('extreme, fast', { games: 5000 * cores, ...extreme }, cores);
  scaling.push(extremeFastN.roundsPerSecond / extremeThread1.roundsPerSecond);
  // The peer's scaling on the same machine, measured the same way: what this machine allows.
  const peer1 = await peerThreads(1, Math.round(10000 * scale));
  const peerN = await peerThreads(cores, Math.round(10000 * scale));
  peerScaling.push(peerN / peer1);
  say('peer uno-engine, classic', '1 thread(s)', peer1);
  say('peer uno-engine, classic', `${cores} thread(s)`, peerN);
}
// Every worker starts cold (the in-process rows above are warm by now): enough games that the
// warm-up is not the whole run (here and for machine fidelity on all cores below).
await measure('classic, fast', { games: 10000 * cores, ...classic }, cores);
const extremeFast1 = await measure('extreme, fast', { games: 3000, ...extreme }, 1);
const extremeMachine = machineAlone(Math.max(20, Math.round(400 * scale)), Math.max(20, Math.round(1000 * scale)));
const machinePerCpuSecond = extremeMachine.roundsPerCpuSecond;
await measure('extreme, machine', { games: 1000 * cores, players: 4, rules: 'extreme', fidelity: 'machine' }, cores);
// The first, unmeasured, warms the machine's code: no machine round ran in this process before.
machineEvents(Math.round(5000 * scale));
const ev = machineEvents(Math.round(5000 * scale));
const eventsPerRound = machineEventsPerRound(Math.round(50 * scale));
const floor = xstateFloor(Math.round(200_000 * scale));
const mem = [500, 2000, 8000].map((n) => ({ games: Math.round(n * scale), peakMemoryMiB: peakMemory(Math.round(n * scale)) }));
const result = {
  cores,
  repeats,
  rows,
  machineEventsPerSecond: Math.round(ev.eventsPerSecond),
  machinePressesPerSecond: Math.round(ev.pressesPerSecond),
  machineEventsPerRound: Math.round(eventsPerRound),
  xstateFloorEventsPerSecond: Math.round(floor),
  peer: { name: 'uno-engine@2.0.3 (classic, first-playable bot)', ...p! },
  ratioClassicFastVsPeerTurns: median(peerRatios),
  ratiosClassicFastVsPeerTurns: peerRatios,
  workerScaling: median(scaling),
  workerScalings: scaling,
  workerEfficiency: median(scaling) / cores,
  peerWorkerScaling: median(peerScaling),
  peerWorkerScalings: peerScaling,
  inProcessVsOneThread: extremeFast1.roundsPerSecond / extremeThread1!.roundsPerSecond,
  machineRoundsPerSecondPerCore: extremeMachine.roundsPerSecond,
  machineRoundsPerCpuSecond: machinePerCpuSecond,
  loadAverage: loadavg()[0],
  machineRoundsPerSecondPerCoreFirstRun: extremeMachine.firstRoundsPerSecond,
  memory: mem,
};
if (json) console.log(JSON.stringify(result));
else {
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  console.log([
    '',
    `ours / peer, classic turns/s:       ${result.ratioClassicFastVsPeerTurns.toFixed(2)}× (runs: ${list(peerRatios)})   (target ≥ 3)`,
    `machine fidelity, extreme, 1 core:  ${machinePerCpuSecond.toFixed(0)} rounds per CPU-second (target ≥ 1000; load average ${result.loadAverage.toFixed(2)}), ${extremeMachine.roundsPerSecond.toFixed(0)} rounds/s; its first run ${extremeMachine.firstRoundsPerSecond.toFixed(0)} rounds/s`,
    `  XState: ${result.machineEventsPerSecond} events/s in the launcher machine (${result.machinePressesPerSecond} presses/s, ${result.machineEventsPerRound} events a round);`,
    `  its floor here, a flat 2-state machine: ${result.xstateFloorEventsPerSecond} events/s = ${Math.round(floor / result.machineEventsPerRound)} rounds/s at zero game and action cost`,
    `${cores} threads vs 1 (extreme fast):   ${result.workerScaling.toFixed(2)}× = ${(result.workerEfficiency * 100).toFixed(0)} % of linear (runs: ${list(scaling)})  (target ≥ 85 %); in-process run ${result.inProcessVsOneThread.toFixed(2)}× one thread`,
    `  the peer on the same machine:      ${result.peerWorkerScaling.toFixed(2)}× = ${((result.peerWorkerScaling / cores) * 100).toFixed(0)} % of linear (runs: ${list(peerScaling)})`,
    `peak memory by N:                   ${mem.map((m) => `${m.games} games ${m.peakMemoryMiB} MiB`).join(' · ')}`,
  ].join('\n'));
}
