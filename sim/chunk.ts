/**
 * One chunk of a simulation: games [start, end) under every profile of the run. The same code
 * runs in the main thread (one worker) and in worker threads, so the figures cannot differ.
 */
import { addSample, emptySums, type Sums } from '../lib/stats.ts';
import { profileFromSpec } from '../emulator/profileFile.ts';
import { rulesFromSpec } from '../game/files.ts';
import type { BotKind, Budget, Rules } from '../game/index.ts';
import type { Profile } from '../emulator/profile.ts';
import { addGame, csvRow, emptyAggregate, type Aggregate } from './record.ts';
import { playOne, type PlayConfig } from './play-one.ts';

/** A run's settings as plain data (what a worker receives). */
export interface SimSettings {
  games: number;
  players: number;
  /** Rule set name, or a rules JSON file. */
  rules: string;
  /** One profile, or several to compare on the same seeds (names or JSON files). */
  profiles: string[];
  seed: number;
  fidelity: 'fast' | 'machine';
  match: boolean;
  bots: BotKind[];
  /** The search bots' budget per decision (absent: their default). */
  botBudget?: Budget;
  csv: boolean;
}

/** What a chunk yields. */
export interface ChunkResult {
  start: number;
  end: number;
  /** One aggregate per profile, in the order of `profiles`. */
  aggregates: Aggregate[];
  /** Per profile j > 0: sums of (turns under j − turns under profile 0), game by game. */
  pairedTurns: Sums[];
  /** CSV rows in game order (when asked for). */
  rows: string[];
}

/** The last run's rules and profiles, resolved once per thread rather than once per chunk (a rules or profile file is read and checked). */
let resolved: { key: string; rules: Rules; profiles: Profile[] } | null = null;

function resolveRun(s: SimSettings): { rules: Rules; profiles: Profile[] } {
  const key = JSON.stringify([s.rules, s.profiles]);
  if (resolved?.key !== key) resolved = { key, rules: rulesFromSpec(s.rules), profiles: s.profiles.map((p) => profileFromSpec(p)) };
  return resolved;
}

/** Plays games [start, end). */
export function runChunk(s: SimSettings, start: number, end: number): ChunkResult {
  const { rules, profiles } = resolveRun(s);
  const cfg: PlayConfig = { players: s.players, rules, seed: s.seed, fidelity: s.fidelity, match: s.match, bots: s.bots, botBudget: s.botBudget };
  const aggregates = profiles.map(() => emptyAggregate(s.players));
  const pairedTurns = profiles.slice(1).map(() => emptySums());
  const rows: string[] = [];
  // Index loops, not forEach: a closure made for every game costs more than some games' moves.
  for (let i = start; i < end; i++) {
    let base = 0;
    for (let j = 0; j < profiles.length; j++) {
      const rec = playOne(cfg, profiles[j], i);
      addGame(aggregates[j], rec);
      if (j === 0) base = rec.turns;
      else addSample(pairedTurns[j - 1], rec.turns - base);
      if (s.csv) rows.push(csvRow(rec));
    }
  }
  return { start, end, aggregates, pairedTurns, rows };
}
