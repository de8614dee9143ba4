/**
 * A determinised round played on: the runner's turn structure (game/turnStep.ts: out-of-turn
 * chances first, then a press answered by the launcher, then the decider's move), with a
 * launcher that draws its outcomes from the profile's own law, and a default policy for every
 * decision the tree does not make. It works on a round in play (cards as serials) and its move
 * list, as the runner does: a playout lists and applies a move a hundred times or more.
 */
import { FastLauncher } from '../../../emulator/api.ts';
import { coreWith } from '../../../emulator/core.ts';
import type { Profile } from '../../../emulator/profile.ts';
import type { Rng, RngState } from '../../../lib/rng.ts';
import { idsAt } from '../../cards.ts';
import { CATCH, PLAY, UNO, type MoveList } from '../../core/moves.ts';
import type { Round } from '../../core/round.ts';
import { applyIn } from '../../engine.ts';
import { listMoves } from '../../legal.ts';
import { roundEnded, type Move, type PressRequest } from '../../state.ts';
import { teamOf } from '../../turn.ts';
import { deciderOf, decisionPicks, isReaction, launcherAnswer, pressAgain, pressDue, reactingSeat, reactionsOpen } from '../../turnStep.ts';
import type { RoundBot } from '../types.ts';
import type { SeenCounters } from './view.ts';

/** How the seats' chances out of turn are taken in a playout (the shipped bots' defaults). */
export const POLICY = { forgetUno: 0.1, lateCall: 0.3, catchChance: 0.8, jumpIn: 0.5 } as const;

/** A round being searched: the round (changed in place), its launcher, the search's stream, the moves listed now. */
export interface Playout {
  s: Round;
  launcher: FastLauncher | null;
  rng: Rng;
  /** The searching seat: it always calls UNO and catches (the others follow {@link POLICY}). */
  me: number;
  /** The bot that makes the decisions the tree does not, every seat's: the heuristic bot. */
  policy: RoundBot;
  /** The legal moves of `s`, listed by {@link list}. */
  list: MoveList;
  /** The decider's moves among them (game/turnStep.ts's `decisionPicks`: read them, never change them). */
  picks: readonly number[];
  /** The array the decider's moves are written into when out-of-turn chances are open (reused move after move). */
  spare: number[];
  /** Moves applied so far by {@link step}: what a step budget counts. */
  steps: number;
}

/** A launcher for a determinised supply, seeded from the search's stream, at the counters the table saw. */
export function playoutLauncher(profile: Profile, rng: Rng, s: Round, counters: SeenCounters): FastLauncher | null {
  if (!s.rules.options.launcher) return null;
  const seed: RngState = [rng.u32(), rng.u32(), rng.u32(), rng.u32() | 1];
  const l = new FastLauncher(profile, seed, idsAt(s.supply));
  l.state = coreWith(l.state, { presses: counters.presses, sinceBurst: counters.sinceBurst });
  return l;
}

/** Lists the legal moves of the round now. */
export function list(p: Playout): void {
  listMoves(p.s, p.list);
}

/** Applies a move and keeps the launcher in step (a reload loads it: the one event a playout reads, so only the few are built). */
export function step(p: Playout, m: Move): void {
  p.steps++;
  const events = applyIn(p.s, m, false);
  if (p.launcher) for (const e of events) if (e.type === 'reload') p.launcher.loadSync(e.cards);
}

/**
 * The launcher's answer to the press request `request` (null: the launcher cannot answer). As
 * the runner presses, but a playout gives up after three ignored presses rather than wait.
 */
export function launcherMove(p: Playout, request: PressRequest<number>): Move | null {
  const l = p.launcher!;
  let r = l.pressSync();
  for (let tries = 0; !r.dinged && tries < 3; tries++) {
    if (!pressAgain(r)) return null;
    l.clearJamSync();
    r = l.pressSync();
  }
  if (!r.dinged) return null;
  if (r.jam) l.clearJamSync();
  return launcherAnswer(request, r);
}

/** Sets `p.picks` to the decider's own moves of the list, as the runner gives them. */
export function pickDecision(p: Playout, decider: number): readonly number[] {
  return (p.picks = decisionPicks(p.list, decider, reactionsOpen(p.s), p.spare));
}

/** Partners (teams) or the same seat. */
export function allies(s: Pick<Round, 'rules' | 'players'>, a: number, b: number): boolean {
  return a === b || (s.rules.options.teams && teamOf(s.players, a) === teamOf(s.players, b));
}

/** Play `i` of the list, or its UNO-call twin: the searching seat always calls, the others forget sometimes. */
export function withUnoAt(p: Playout, i: number): number {
  if (!p.list.unoTwin(i, i + 1)) return i;
  return p.list.seat[i] !== p.me && p.rng.chance(POLICY.forgetUno) ? i : i + 1;
}

/**
 * The out-of-turn move taken now (its index in the list, or -1), asking seats from the one who
 * may be caught (or the decider) on, as the runner does; the first `from` seats have already
 * let their chance go.
 */
export function policyReaction(p: Playout, decider: number, from = 0): number {
  const { s, list: l } = p;
  for (let k = from; k < s.players; k++) {
    const seat = reactingSeat(s, decider, k);
    let late = -1;
    let caught = -1;
    let jumps = 0;
    for (let i = 0; i < l.length; i++) {
      if (!isReaction(l, i, seat, decider)) continue;
      if (l.type[i] === UNO) late = i;
      else if (l.type[i] === CATCH) {
        if (!allies(s, seat, l.target[i])) caught = i;
      } else if (l.uno[i] === 0) jumps++;
    }
    const mine = seat === p.me;
    if (late >= 0 && (mine || p.rng.chance(POLICY.lateCall))) return late;
    if (caught >= 0 && (mine || p.rng.chance(POLICY.catchChance))) return caught;
    if (jumps > 0 && p.rng.chance(POLICY.jumpIn)) {
      let n = p.rng.int(jumps);
      for (let i = 0; i < l.length; i++) if (l.seat[i] === seat && l.type[i] === PLAY && l.uno[i] === 0 && n-- === 0) return withUnoAt(p, i);
    }
  }
  return -1;
}

/** The default policy's choice among `p.picks` (an index in the list): the heuristic bot's. */
export function policyAt(p: Playout, seat: number): number {
  return p.picks.length === 1 ? p.picks[0] : p.policy.chooseAt(p.s, seat, p.list, p.picks);
}

/**
 * Plays the round on to its end (or `maxMoves` more moves): the reward of each seat, 1 for the
 * winner (and partners) and 0 for the others; a round cut short gives each seat a share by how
 * few cards it holds.
 */
export function rollout(p: Playout, maxMoves: number): number[] {
  const s = p.s;
  for (let n = 0; !roundEnded(s) && n < maxMoves; n++) {
    list(p);
    const decider = deciderOf(s);
    const i = reactionsOpen(s) ? policyReaction(p, decider) : -1;
    let m = i >= 0 ? p.list.moveAt(i) : null;
    const press = m === null ? pressDue(s) : null;
    if (press !== null) {
      m = launcherMove(p, press);
      if (!m) break;
    }
    if (!m) {
      pickDecision(p, decider);
      m = p.list.moveAt(policyAt(p, decider));
    }
    step(p, m);
  }
  return rewards(s);
}

/** Each seat's reward in `s`: the winner's side 1, the others 0; unfinished: shares by fewest cards. */
export function rewards(s: Round): number[] {
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
