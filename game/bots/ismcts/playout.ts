/**
 * A determinised round played on: the same turn structure as the runner's loop (out-of-turn
 * chances first, then a press answered by the launcher, then the decider's move), with a
 * launcher that draws its outcomes from the profile's own law, and a cheap default policy for
 * every seat the tree does not decide.
 */
import { FastLauncher } from '../../../emulator/api.ts';
import { coreWith } from '../../../emulator/core.ts';
import type { Profile } from '../../../emulator/profile.ts';
import type { Rng, RngState } from '../../../lib/rng.ts';
import { applyLegal } from '../../engine.ts';
import { reactionsOpen, turnMoves } from '../../runner.ts';
import { legalMoves } from '../../legal.ts';
import type { GameState, Move } from '../../state.ts';
import { teamOf } from '../../turn.ts';
import type { Bot } from '../types.ts';
import type { SeenCounters } from './view.ts';

type Play = Extract<Move, { type: 'play' }>;

/** How the seats the search does not decide play (the shipped bots' defaults). */
export const POLICY = { forgetUno: 0.1, lateCall: 0.3, catchChance: 0.8, jumpIn: 0.5 } as const;

/** A round being searched: the state (changed in place), its launcher, and the search's stream. */
export interface Playout {
  s: GameState;
  launcher: FastLauncher | null;
  rng: Rng;
  /** The searching seat: it always calls UNO and catches (the others follow {@link POLICY}). */
  me: number;
  /** The bot that plays the turns the tree does not decide, every seat's. */
  policy: Bot;
}

/** A launcher for a determinised supply, seeded from the search's stream, at the counters the table saw. */
export function playoutLauncher(profile: Profile, rng: Rng, s: GameState, counters: SeenCounters): FastLauncher | null {
  if (!s.rules.options.launcher) return null;
  const seed: RngState = [rng.u32(), rng.u32(), rng.u32(), rng.u32() | 1];
  const l = new FastLauncher(profile, seed, s.supply.slice());
  l.state = coreWith(l.state, { presses: counters.presses, sinceBurst: counters.sinceBurst });
  return l;
}

/** Applies a move and keeps the launcher in step (a reload loads it). */
export function step(p: Playout, m: Move): void {
  const { events } = applyLegal(p.s, m);
  if (p.launcher) for (const e of events) if (e.type === 'reload') p.launcher.loadSync(e.cards);
}

/** The press the launcher answers now, as the move it makes (null: the launcher cannot answer). */
export function launcherMove(p: Playout): Move | null {
  const l = p.launcher!;
  const seat = (p.s.pending as { seat: number }).seat;
  let r = l.pressSync();
  for (let tries = 0; !r.dinged && tries < 3; tries++) {
    if (r.ignored !== 'jammed' && r.ignored !== 'lid-open') return null;
    l.clearJamSync();
    r = l.pressSync();
  }
  if (!r.dinged) return null;
  if (r.jam) l.clearJamSync();
  const m: Move = { type: 'launcher', seat, cards: r.cards, fired: r.fired };
  if (r.jam) m.jam = true;
  if (r.halfOut && r.cards.length > 0) m.halfOut = 1;
  return m;
}

/** The seat that decides now (a request's seat, or whose turn it is). */
export function deciderOf(s: GameState): number {
  return s.pending ? s.pending.seat : s.turn;
}

/** Partners (teams) or the same seat. */
export function allies(s: GameState, a: number, b: number): boolean {
  return a === b || (s.rules.options.teams && teamOf(s.players, a) === teamOf(s.players, b));
}

/**
 * The out-of-turn move taken now, by the policy, asking seats from `first` as the runner does;
 * seats before `from` (counted from `first`) have already let their chance go.
 */
export function policyReaction(p: Playout, moves: readonly Move[], decider: number, from = 0): Move | null {
  const s = p.s;
  const first = s.uno ?? decider;
  for (let k = from; k < s.players; k++) {
    const seat = (first + k) % s.players;
    let late: Move | null = null;
    let caught: Move | null = null;
    let jumps = 0;
    for (const m of moves) {
      if (m.seat !== seat) continue;
      if (m.type === 'uno') late = m;
      else if (m.type === 'catch' && !allies(s, seat, m.target)) caught = m;
      else if (m.type === 'play' && seat !== decider && !m.uno) jumps++;
    }
    const mine = seat === p.me;
    if (late && (mine || p.rng.chance(POLICY.lateCall))) return late;
    if (caught && (mine || p.rng.chance(POLICY.catchChance))) return caught;
    if (jumps > 0 && p.rng.chance(POLICY.jumpIn)) {
      let k2 = p.rng.int(jumps);
      for (const m of moves) if (m.seat === seat && m.type === 'play' && !m.uno && k2-- === 0) return withUno(p, moves, m);
    }
  }
  return null;
}

/** `play` with UNO called when it leaves one card (the searching seat always calls; the others forget sometimes). */
export function withUno(p: Playout, moves: readonly Move[], play: Play): Move {
  for (const m of moves) {
    if (m.type === 'play' && m.uno === true && m.card === play.card && m.colour === play.colour && m.target === play.target && m.also === play.also) {
      return play.seat !== p.me && p.rng.chance(POLICY.forgetUno) ? play : m;
    }
  }
  return play;
}


/**
 * The default policy's move among the decider's `moves`: the heuristic bot's (the shipped
 * opponent, and a far better playout policy than random moves for the same time).
 */
export function policyMove(p: Playout, moves: readonly Move[]): Move {
  return p.policy.choose(p.s, moves[0].seat, moves);
}

/**
 * Plays the round on to its end (or `maxMoves` more moves): the reward of each seat, 1 for the
 * winner (and partners) and 0 for the others; a round cut short gives each seat a share by how
 * few cards it holds.
 */
export function rollout(p: Playout, maxMoves: number): number[] {
  const s = p.s;
  for (let n = 0; s.winner === null && n < maxMoves; n++) {
    const moves = legalMoves(s);
    const decider = deciderOf(s);
    let m = reactionsOpen(s) ? policyReaction(p, moves, decider) : null;
    if (!m && s.pending?.kind === 'press') {
      m = launcherMove(p);
      if (!m) break;
    }
    if (!m) {
      const mine = turnMoves(s, moves, decider);
      m = mine.length === 1 ? mine[0] : policyMove(p, mine);
    }
    step(p, m);
  }
  return rewards(s);
}

/** Each seat's reward in `s`: the winner's side 1, the others 0; unfinished: shares by fewest cards. */
export function rewards(s: GameState): number[] {
  const r = Array<number>(s.players).fill(0);
  if (s.winner !== null) {
    for (let seat = 0; seat < s.players; seat++) if (allies(s, seat, s.winner)) r[seat] = 1;
    return r;
  }
  let total = 0;
  for (let seat = 0; seat < s.players; seat++) if (!s.out[seat]) total += r[seat] = 1 / (1 + s.hands[seat].length);
  for (let seat = 0; seat < s.players; seat++) r[seat] /= total;
  return r;
}
