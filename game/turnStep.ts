/**
 * The turn structure, written once for every loop that plays a round (the runner's, the search's
 * playouts): after each move the round's legal moves are listed, and then
 *
 * 1. out-of-turn chances, when any is open ({@link reactionsOpen}): each seat in turn from
 *    {@link reactingSeat}, offered its own out-of-turn moves ({@link isReaction}), may take one;
 *    the first that does makes the move. While a forgotten UNO may be caught it is a race
 *    instead, as at a real table: every seat is offered its moves at once, and of those that
 *    take one, the one with the smallest {@link catchDelays} makes it;
 * 2. else a press request is answered by the launcher ({@link pressDue}): pressed until it dings
 *    ({@link pressAgain}), its result made the answer ({@link launcherAnswer});
 * 3. else the decider ({@link deciderOf}) chooses among its own moves ({@link isDecision},
 *    {@link decisionPicks}).
 *
 * Pure functions of the round, its listed moves and the launcher's result: a loop keeps its own
 * state (a generator that yields to a device or a person, a playout that draws from a stream),
 * and nothing here allocates but the picks of an open decision.
 */
import type { PressResult } from '../emulator/core.ts';
import { Rng, seedRng } from '../lib/rng.ts';
import { CATCH, PLAY, UNO, type MoveList } from './core/moves.ts';
import type { Round } from './core/round.ts';
import type { Move, PressRequest } from './state.ts';

/** Someone may act out of turn now: a late UNO call or a catch is open, or jump-ins are played. */
export function reactionsOpen(s: Round): boolean {
  return s.uno !== null || s.rules.options.jumpIn;
}

/** The seat that decides now: a request's seat, or whose turn it is. */
export function deciderOf(s: Round): number {
  const p = s.pending;
  return p !== null ? p.seat : s.turn;
}

/**
 * The `k`th seat (0 ≤ k < players) offered its out-of-turn moves: from the seat that may be
 * caught (it may still call UNO) or else the decider, on round the table.
 */
export function reactingSeat(s: Round, decider: number, k: number): number {
  return ((s.uno ?? decider) + k) % s.players;
}

/**
 * The stream of the catch race's delays, apart from the deals' (`seedRng(seed, round)`) and the
 * launcher's (`seedRng(seed, 0x1a, …)`): its path is three numbers long, so it is neither.
 */
export const CATCH_STREAM = 0xca7c;

/** A bot's delay before it acts in a catch race: a person's reaction at a table, from this up to {@link CATCH_DELAY_SPAN} more. */
export const CATCH_DELAY_MS = 600;
export const CATCH_DELAY_SPAN = 1400;

/**
 * How long each seat (by seat) takes to act in the catch race open now, in milliseconds: drawn
 * from the position's own stream (`seedRng(seed, CATCH_STREAM, round, moves)`), so no other
 * draw moves and a resumed game races as it would have. Every seat gets one, whoever it is: a
 * seat's delay does not depend on who else wants to act.
 */
export function catchDelays(s: Round): number[] {
  const rng = new Rng(seedRng(s.seed, CATCH_STREAM, s.round, s.moves));
  const out: number[] = [];
  for (let seat = 0; seat < s.players; seat++) out.push(CATCH_DELAY_MS + rng.int(CATCH_DELAY_SPAN));
  return out;
}

/**
 * In a catch race, entry `a` (its delay and its place in {@link reactingSeat}'s order) acts
 * before entry `b`: the smaller delay, and at equal delays the seat asked first.
 */
export function actsFirst(aMs: number, aOrder: number, bMs: number, bOrder: number): boolean {
  return aMs < bMs || (aMs === bMs && aOrder < bOrder);
}

/** Listed move `i` is one of `seat`'s out-of-turn moves: its late UNO call, a catch, or a jump-in (a play off its turn). */
export function isReaction(list: MoveList, i: number, seat: number, decider: number): boolean {
  const t = list.type[i];
  return list.seat[i] === seat && (t === UNO || t === CATCH || (t === PLAY && seat !== decider));
}

/**
 * Listed move `i` is one of the decider's own moves on its turn or request: any listed move
 * when no out-of-turn chance is open (`open`, {@link reactionsOpen}), else the decider's moves
 * but a late call or a catch.
 */
export function isDecision(list: MoveList, i: number, decider: number, open: boolean): boolean {
  if (!open) return true;
  const t = list.type[i];
  return list.seat[i] === decider && t !== UNO && t !== CATCH;
}

/** `[0, 1, …, n − 1]` by `n`, made once each: the picks of a decision that may choose any listed move. */
const EVERY: number[][] = [];

/**
 * The decider's moves ({@link isDecision}) as indices into the list, in its order. With no
 * out-of-turn chance open every listed move is the decider's: one shared array of every index
 * (read it, never change it); else `into`, emptied and filled (a new array by default).
 */
export function decisionPicks(list: MoveList, decider: number, open: boolean, into?: number[]): readonly number[] {
  if (!open) return everyIndex(list.length);
  const picks = into ?? [];
  if (picks.length !== 0) picks.length = 0;
  for (let i = 0; i < list.length; i++) if (isDecision(list, i, decider, true)) picks.push(i);
  return picks;
}

function everyIndex(n: number): readonly number[] {
  let picks = EVERY[n];
  if (!picks) {
    picks = EVERY[n] = [];
    for (let i = 0; i < n; i++) picks.push(i);
  }
  return picks;
}

/** The press request the launcher answers now, when no seat took an out-of-turn move; null: the decider chooses. */
export function pressDue(s: Round): PressRequest<number> | null {
  const p = s.pending;
  return p !== null && p.kind === 'press' ? p : null;
}

/**
 * A press the launcher ignored is pressed again after `clearJam` (which waits for a jam to be
 * cleared or a lid closed, or cycles the lid): true for a jam or an open lid. Any other refusal
 * (no power, no batteries) ends the round's play. A press that dinged with a jam (`r.jam`) gave
 * what came out before it; `clearJam` then clears the way for the next press.
 */
export function pressAgain(r: PressResult): boolean {
  return r.ignored === 'jammed' || r.ignored === 'lid-open';
}

/** The answer to the press request `p` from the press that dinged, `r`. */
export function launcherAnswer(p: PressRequest<number>, r: PressResult): Move {
  const m: Move = { type: 'launcher', seat: p.seat, cards: r.cards, fired: r.fired };
  if (r.jam) m.jam = true;
  // The launcher leaves at most its last card sticking out; the move counts them, so a log can say more.
  if (r.halfOut && r.cards.length > 0) m.halfOut = 1;
  return m;
}
