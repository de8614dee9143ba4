/**
 * What one simulated game yields, and the aggregate of many. The aggregate holds only integer
 * counts and sums, so merging worker results in any order gives the same figures bit for bit.
 */
import { addSample, emptySums, mergeSums, type Sums } from '../lib/stats.ts';

/** Turns tracked for "cards in hand over time". */
export const HAND_TRACK_TURNS = 300;
/** Width of the bins of the turns-per-round histogram. */
export const TURN_BIN = 5;

/** One game (a round, or a whole match with `--match`). */
export interface GameRecord {
  /** The game's number in its run (-1 for a game replayed from its seed alone). */
  index: number;
  /** The game's own seed (a wide seed: 32 hex digits); `simulate --replay-game` takes it. */
  seed: string;
  /** Profile it ran under (for --compare). */
  profile: string;
  turns: number;
  presses: number;
  moves: number;
  reloads: number;
  jams: number;
  /** cardsPerPress[n] = presses that gave n cards. */
  cardsPerPress: number[];
  /** The seat that won (-1: the game's one round was called off, game/state.ts ROUND_MOVE_LIMIT). */
  winner: number;
  /** Its bot kind ('' when nobody won). */
  winnerBot: string;
  /** Points the winner scored (standard scoring) or the winning total. */
  points: number;
  rounds: number;
  /** Rounds called off (nobody went out in ROUND_MOVE_LIMIT moves): scored by nobody, not won. */
  called: number;
  /** Sum over seats of cards in hand at the start of each turn. */
  handSums: number[];
  violations: number;
  /** First invariant failure, for the report. */
  violation?: string;
}

/** The aggregate of many games. Plain data: it crosses worker boundaries as it is. */
export interface Aggregate {
  games: number;
  turns: Sums;
  presses: Sums;
  reloads: Sums;
  jams: Sums;
  points: Sums;
  rounds: Sums;
  cardsPerPress: number[];
  /** Games won by each seat: all of them but the single rounds that were called off. */
  winsBySeat: number[];
  winsByBot: Record<string, number>;
  /** Rounds called off, over all games (a part written before they were counted has none). */
  calledRounds: number;
  handSum: number[];
  handCount: number[];
  turnsHist: number[];
  violations: number;
  /** The first invariant failures by game number (the lowest five), whatever the order games finished in. */
  violationExamples: Array<[number, string]>;
}

/** An empty aggregate for `players` seats. */
export function emptyAggregate(players: number): Aggregate {
  return {
    games: 0, turns: emptySums(), presses: emptySums(), reloads: emptySums(), jams: emptySums(), points: emptySums(),
    rounds: emptySums(), cardsPerPress: [], winsBySeat: new Array(players).fill(0),
    winsByBot: {}, calledRounds: 0, handSum: [], handCount: [], turnsHist: [], violations: 0, violationExamples: [],
  };
}

function addArray(into: number[], from: readonly number[]): void {
  for (let i = 0; i < from.length; i++) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
}

function keepLowest(into: Array<[number, string]>, add: ReadonlyArray<[number, string]>): void {
  for (const x of add) into.push(x);
  into.sort((x, y) => x[0] - y[0]);
  into.length = Math.min(into.length, 5);
}

/** Wins by bot kind with the names in a fixed (sorted) order, so output is the same for any worker count. */
export function sortedWins(w: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(w).sort().map((k) => [k, w[k]]));
}

/** Adds one game. */
export function addGame(a: Aggregate, g: GameRecord): void {
  a.games++;
  addSample(a.turns, g.turns);
  addSample(a.presses, g.presses);
  addSample(a.reloads, g.reloads);
  addSample(a.jams, g.jams);
  addSample(a.points, g.points);
  addSample(a.rounds, g.rounds);
  addArray(a.cardsPerPress, g.cardsPerPress);
  if (g.winner >= 0) {
    a.winsBySeat[g.winner]++;
    a.winsByBot[g.winnerBot] = (a.winsByBot[g.winnerBot] ?? 0) + 1;
  }
  a.calledRounds += g.called;
  addArray(a.handSum, g.handSums);
  // One count per turn tracked (no array of ones made for it).
  for (let i = 0; i < g.handSums.length; i++) a.handCount[i] = (a.handCount[i] ?? 0) + 1;
  const bin = Math.floor(g.turns / TURN_BIN);
  a.turnsHist[bin] = (a.turnsHist[bin] ?? 0) + 1;
  a.violations += g.violations;
  if (g.violation) keepLowest(a.violationExamples, [[g.index, g.violation]]);
}

/** Merges `b` into `a` (worker results). */
export function mergeAggregate(a: Aggregate, b: Aggregate): void {
  a.games += b.games;
  for (const k of ['turns', 'presses', 'reloads', 'jams', 'points', 'rounds'] as const) mergeSums(a[k], b[k]);
  addArray(a.cardsPerPress, b.cardsPerPress);
  addArray(a.winsBySeat, b.winsBySeat);
  for (const [k, v] of Object.entries(b.winsByBot)) a.winsByBot[k] = (a.winsByBot[k] ?? 0) + v;
  a.calledRounds += b.calledRounds ?? 0;
  addArray(a.handSum, b.handSum);
  addArray(a.handCount, b.handCount);
  addArray(a.turnsHist, b.turnsHist);
  a.violations += b.violations;
  keepLowest(a.violationExamples, b.violationExamples);
}

/**
 * One CSV row per game. A game whose one round was called off has winner -1 and no winner bot; a
 * match's rows count its called rounds in `rounds` (the summary counts them apart: calledRounds).
 */
export const CSV_HEADER = 'game,seed,profile,turns,presses,moves,reloads,jams,no_card_presses,cards_out,winner,winner_bot,points,rounds,violations';

/** A game as a CSV row. */
export function csvRow(g: GameRecord): string {
  const out = g.cardsPerPress.reduce((s, n, c) => s + n * c, 0);
  return [g.index, g.seed, g.profile, g.turns, g.presses, g.moves, g.reloads, g.jams, g.cardsPerPress[0] ?? 0, out, g.winner, g.winnerBot, g.points, g.rounds, g.violations].join(',');
}
