/**
 * Plays one simulated game (a round, or a match) with bots against a launcher, counting what the
 * simulation reports and checking the invariants after every move. Game `i` is seeded from
 * (master seed, i) alone, so any game can be replayed by itself.
 */
import { wallNow } from '../lib/wall-clock.ts';
import { wideSeed } from '../lib/rng.ts';
import { FastLauncher, type SyncLauncher } from '../emulator/api.ts';
import { MachineLauncher } from '../emulator/launcher.ts';
import { SimulatedDevice } from '../emulator/hardware.ts';
import type { PressResult } from '../emulator/core.ts';
import type { Profile } from '../emulator/profile.ts';
import {
  createMatch, dealRound, launcherRng, makeBots, roundPoints, runMatchSync, runRoundIn,
  type BotKind, type Budget, type GameEvent, type GameState, type MatchState, type Round, type Rules,
} from '../game/index.ts';
import { stateOf } from '../game/core/round.ts';
import { HAND_TRACK_TURNS, type GameRecord } from './record.ts';
import { violationText, type Violation } from './violation.ts';

/** How games are played. */
export interface PlayConfig {
  players: number;
  rules: Rules;
  seed: number;
  fidelity: 'fast' | 'machine';
  match: boolean;
  /** Bot kind per seat (cycled when shorter than the table). */
  bots: BotKind[];
  /** The search bots' budget per decision (absent: their default). */
  botBudget?: Budget;
}

/**
 * The seed of game `index` of a run with master seed `seed`: a {@link wideSeed}, so no two
 * games of any run share a seed (the game, its bots and its launchers all draw from it).
 */
export function gameSeed(seed: number, index: number): string {
  return wideSeed(seed, index);
}

/** Counts presses as the runner makes them. */
class CountingLauncher implements SyncLauncher {
  presses = 0;
  jams = 0;
  cardsPerPress: number[] = [];
  constructor(readonly inner: SyncLauncher) {}
  get supplyCount() { return this.inner.supplyCount; }
  get supply() { return this.inner.supply; }
  pressSync(): PressResult {
    const r = this.inner.pressSync();
    if (r.dinged) {
      this.presses++;
      this.cardsPerPress[r.cards.length] = (this.cardsPerPress[r.cards.length] ?? 0) + 1;
    }
    if (r.jam) this.jams++;
    return r;
  }
  aimSync(seat: number) { this.inner.aimSync(seat); }
  loadSync(cards: readonly string[]) { this.inner.loadSync(cards); }
  clearJamSync() { this.inner.clearJamSync(); }
  press() { return Promise.resolve(this.pressSync()); }
  aim(seat: number) { return this.inner.aim(seat); }
  load(cards: readonly string[]) { return this.inner.load(cards); }
  clearJam() { return this.inner.clearJam(); }
}

function makeLauncher(profile: Profile, fidelity: PlayConfig['fidelity'], seed: string, round: number, seats: number): SyncLauncher {
  const rng = launcherRng(seed, round);
  // The device's output log is for tests and the console: a simulation keeps none.
  return fidelity === 'fast' ? new FastLauncher(profile, rng) : new MachineLauncher({ profile, seed: rng, seats, hardware: new SimulatedDevice(undefined, 0) });
}

/**
 * Plays a game under `profile`: game `index` of the run (seeded from (`cfg.seed`, index)), or the
 * game of a game seed (a CSV row's seed, replayed alone: its record's index is then -1). Returns
 * its record (and, with `keep`, the final state with its move log).
 */
export function playOne(cfg: PlayConfig, profile: Profile, game: number | string, keep = false): GameRecord & { final?: GameState | MatchState } {
  const index = typeof game === 'number' ? game : -1;
  const seed = typeof game === 'number' ? gameSeed(cfg.seed, game) : game;
  // One kind for every seat as it is; a list cycled over the table.
  let kinds: BotKind | BotKind[] = cfg.bots[0];
  if (cfg.bots.length > 1) {
    kinds = [];
    for (let s = 0; s < cfg.players; s++) kinds.push(cfg.bots[s % cfg.bots.length]);
  }
  // A search bot knows the launcher on the table (everyone sees the toy); a time budget reads the wall clock.
  const bots = makeBots(cfg.players, seed, kinds, { budget: cfg.botBudget, profile, now: wallNow });
  const rec: GameRecord = {
    index, seed, profile: profile.name, turns: 0, presses: 0, moves: 0, reloads: 0, jams: 0, cardsPerPress: [],
    winner: -1, winnerBot: '', points: 0, rounds: 0, called: 0, handSums: [], violations: 0,
  };
  const counters: CountingLauncher[] = [];
  let roundLauncher: CountingLauncher | null = null;
  let deckSize = -1;
  let turnsSeen = 0;
  // Methods, not arrow functions held in constants: the TypeScript loader names each such closure
  // with a property definition, twice per game.
  const tally = {
    onRound(state: Readonly<Round>, events: readonly GameEvent[]) {
      rec.moves++;
      // Cards in hands, counted once per move (this runs after every move of every game): each
      // field read once.
      const hands = state.hands;
      const supply = state.supply.length;
      let inHands = 0;
      for (let i = 0; i < hands.length; i++) inHands += hands[i].length;
      const total = inHands + state.discard.length + supply;
      if (deckSize < 0) (deckSize = total), (turnsSeen = 0);
      for (let k = 0; k < events.length; k++) if (events[k].type === 'reload') rec.reloads++;
      // The turns this move began (the round counts them from 0 as its run begins).
      for (; turnsSeen < state.turns; turnsSeen++) {
        if (rec.turns < HAND_TRACK_TURNS) rec.handSums.push(inHands);
        rec.turns++;
      }
      let problem: Violation | null = null;
      if (total !== deckSize) problem = { kind: 'cards', move: state.moves, total, deck: deckSize };
      else if (roundLauncher !== null && roundLauncher.supplyCount !== supply) problem = { kind: 'launcher', move: state.moves, held: roundLauncher.supplyCount, counted: supply };
      if (problem !== null) {
        rec.violations++;
        rec.violation ??= violationText(problem);
      }
    },
    launcherFor(g: Pick<GameState, 'rules' | 'round'>): SyncLauncher | null {
      deckSize = -1;
      if (!g.rules.options.launcher) return (roundLauncher = null);
      roundLauncher = new CountingLauncher(makeLauncher(profile, cfg.fidelity, seed, g.round, cfg.players));
      counters.push(roundLauncher);
      return roundLauncher;
    },
  };
  const { onRound, launcherFor } = tally;
  if (cfg.match) {
    const m = runMatchSync(createMatch({ rules: cfg.rules, players: cfg.players, seed, log: keep }), launcherFor, bots, { onRound });
    if (keep) (rec as { final?: MatchState }).final = m;
    rec.winner = m.winner!;
    rec.points = m.totals[m.winner!];
    rec.rounds = m.rounds.length;
    for (const r of m.rounds) if (r.winner === null) rec.called++;
  } else {
    // Dealt and played as a round in play: a state is built only for a caller that keeps it.
    const g = dealRound({ rules: cfg.rules, players: cfg.players, seed, log: keep });
    const { round } = runRoundIn(g, launcherFor(g), bots, { onRound });
    if (keep) (rec as { final?: GameState }).final = stateOf(round);
    rec.rounds = 1;
    // A round called off has no winner and scores nothing: winner -1, no points.
    if (round.calledOff) rec.called = 1;
    else {
      rec.winner = round.winner!;
      rec.points = roundPoints(round)[round.winner!];
    }
  }
  if (rec.winner >= 0) rec.winnerBot = bots[rec.winner].name;
  for (let i = 0; i < counters.length; i++) {
    const c = counters[i];
    rec.presses += c.presses;
    rec.jams += c.jams;
    for (let k = 0; k < c.cardsPerPress.length; k++) rec.cardsPerPress[k] = (rec.cardsPerPress[k] ?? 0) + (c.cardsPerPress[k] ?? 0);
  }
  for (let k = 0; k < rec.cardsPerPress.length; k++) rec.cardsPerPress[k] ??= 0;
  return rec;
}

