/**
 * `npm run bench`: rounds/s and turns/s for classic and extreme rules, fast and machine fidelity,
 * one worker and all cores; XState events/s; peak memory against N; and a peer run side by side:
 * the npm package uno-engine on classic rules with an equally simple bot. Prints a table (and
 * `--json` one object) to paste into a note.
 */
import { availableParallelism } from 'node:os';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { simulate } from '../sim/simulate.ts';
import type { SimSettings } from '../sim/chunk.ts';
import { MachineLauncher } from '../emulator/launcher.ts';
import { resolveProfile } from '../emulator/profiles.ts';

const cores = availableParallelism();
const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const scale = quick ? 0.2 : 1;

interface Row { what: string; workers: number; rounds: number; seconds: number; roundsPerSecond: number; turnsPerSecond: number }
const rows: Row[] = [];

async function measure(what: string, s: Omit<SimSettings, 'csv' | 'seed' | 'match' | 'profiles' | 'bots'> & { bots?: SimSettings['bots'] }, workers: number, threads = false): Promise<Row> {
  const settings: SimSettings = { seed: 1, match: false, profiles: ['seed-0-8'], bots: ['heuristic'], csv: false, ...s, games: Math.max(20, Math.round(s.games * scale)) };
  const r = await simulate(settings, workers, { threads });
  const turns = r.aggregates[0].turns.sum;
  const row = { what, workers, rounds: settings.games, seconds: r.seconds, roundsPerSecond: settings.games / r.seconds, turnsPerSecond: turns / r.seconds };
  rows.push(row);
  const how = threads ? `${workers} thread(s)` : workers === 1 ? 'in-process' : `${workers} thread(s)`;
  if (!json) console.error(`  ${what.padEnd(34)} ${how.padStart(11)}  ${row.roundsPerSecond.toFixed(0).padStart(7)} rounds/s  ${row.turnsPerSecond.toFixed(0).padStart(9)} turns/s`);
  return row;
}

/** The peer: uno-engine, classic rules, a bot that plays its first playable card, else draws (and plays the drawn card if it can). */
function peer(rounds: number): { roundsPerSecond: number; turnsPerSecond: number; seconds: number; rounds: number } {
  const require = createRequire(import.meta.url);
  const { Game, Color } = require('uno-engine') as {
    Game: new (names: string[]) => {
      currentPlayer: { hand: Array<{ isWildCard(): boolean; color: number; matches(c: unknown): boolean }> };
      discardedCard: unknown; on(ev: string, f: () => void): void; play(c: unknown): void; draw(): void; pass(): void;
    };
    Color: Record<string, number>;
  };
  let turns = 0;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    const g = new Game(['a', 'b', 'c', 'd']);
    let over = false;
    g.on('end', () => (over = true));
    for (let guard = 0; !over && guard < 20000; guard++) {
      turns++;
      const hand = g.currentPlayer.hand;
      const pick = (c: { isWildCard(): boolean; color: number }) => {
        if (c.isWildCard()) c.color = Color.RED;
      };
      let card = hand.find((c) => c.isWildCard() || c.matches(g.discardedCard));
      if (card) {
        pick(card);
        g.play(card);
        continue;
      }
      g.draw();
      card = hand[hand.length - 1];
      if (card && (card.isWildCard() || card.matches(g.discardedCard))) {
        pick(card);
        g.play(card);
      } else g.pass();
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  return { rounds, seconds, roundsPerSecond: rounds / seconds, turnsPerSecond: turns / seconds };
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

/** Peak memory of a run of `games` in a fresh process (so earlier runs do not count). */
function peakMemory(games: number): number {
  const out = execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../bin/run-ts.js'), path.resolve(import.meta.dirname, 'mem-probe.ts'), String(games)], { encoding: 'utf8' });
  return JSON.parse(out).peakMemoryMiB;
}

if (!json) console.error(`uno-extreme benchmark · ${cores} core(s) · Node ${process.version}${quick ? ' · quick' : ''}`);
const classicFast1 = await measure('classic, fast', { games: 3000, players: 4, rules: 'classic', fidelity: 'fast', bots: ['random'] }, 1);
await measure('classic, fast', { games: 3000, players: 4, rules: 'classic', fidelity: 'fast', bots: ['random'] }, cores);
const extremeFast1 = await measure('extreme, fast', { games: 3000, players: 4, rules: 'extreme', fidelity: 'fast' }, 1);
// Scaling is measured thread against thread: one worker thread, then one per core.
const extremeThread1 = await measure('extreme, fast', { games: 3000, players: 4, rules: 'extreme', fidelity: 'fast' }, 1, true);
const extremeFastN = await measure('extreme, fast', { games: 3000 * cores, players: 4, rules: 'extreme', fidelity: 'fast' }, cores);
const extremeMachine1 = await measure('extreme, machine', { games: 400, players: 4, rules: 'extreme', fidelity: 'machine' }, 1);
await measure('extreme, machine', { games: 400, players: 4, rules: 'extreme', fidelity: 'machine' }, cores);
const ev = machineEvents(Math.round(5000 * scale));
const p = peer(Math.round(3000 * scale));
const mem = [500, 2000, 8000].map((n) => ({ games: Math.round(n * scale), peakMemoryMiB: peakMemory(Math.round(n * scale)) }));
const result = {
  cores,
  rows,
  machineEventsPerSecond: Math.round(ev.eventsPerSecond),
  machinePressesPerSecond: Math.round(ev.pressesPerSecond),
  peer: { name: 'uno-engine@2.0.3 (classic, first-playable bot)', ...p },
  ratioClassicFastVsPeerTurns: classicFast1.turnsPerSecond / p.turnsPerSecond,
  workerScaling: extremeFastN.roundsPerSecond / extremeThread1.roundsPerSecond,
  workerEfficiency: extremeFastN.roundsPerSecond / extremeThread1.roundsPerSecond / cores,
  inProcessVsOneThread: extremeFast1.roundsPerSecond / extremeThread1.roundsPerSecond,
  machineRoundsPerSecondPerCore: extremeMachine1.roundsPerSecond,
  memory: mem,
};
if (json) console.log(JSON.stringify(result));
else {
  console.log([
    '',
    `peer uno-engine (classic, 1 core)   ${p.roundsPerSecond.toFixed(0).padStart(7)} rounds/s  ${p.turnsPerSecond.toFixed(0).padStart(9)} turns/s`,
    `ours / peer, classic turns/s:       ${result.ratioClassicFastVsPeerTurns.toFixed(2)}×   (target ≥ 3)`,
    `machine fidelity, extreme, 1 core:  ${extremeMachine1.roundsPerSecond.toFixed(0)} rounds/s (target ≥ 500); XState ${result.machineEventsPerSecond} events/s, ${result.machinePressesPerSecond} presses/s`,
    `${cores} threads vs 1 (extreme fast):   ${result.workerScaling.toFixed(2)}× = ${(result.workerEfficiency * 100).toFixed(0)} % of linear (target ≥ 85 %); in-process run ${result.inProcessVsOneThread.toFixed(2)}× one thread`,
    `peak memory by N:                   ${mem.map((m) => `${m.games} games ${m.peakMemoryMiB} MiB`).join(' · ')}`,
  ].join('\n'));
}
