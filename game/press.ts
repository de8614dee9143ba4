/**
 * Answers to launcher requests: each press is one `launcher` move carrying the cards that came
 * out, which must be exactly the next cards of the supply the game tracks, and how many of the
 * last ones were left sticking out (seed 003: those belong to the player who pressed).
 */
import { idAt, type CardId } from './cards.ts';
import type { Round } from './core/round.ts';
import { request, resume, reloadIfDue, takeFromSupply, type Draft } from './draft.ts';
import { refuse } from './play.ts';
import type { GameEvent, GameState, Move, MoveError, PressRequest } from './state.ts';

/** A launcher answer move. */
export type LauncherMove = Extract<Move, { type: 'launcher' }>;

/**
 * The ids of the next `count` cards out of the launcher. A real device reports only how many
 * cards came out; this names them from the supply the game tracks.
 */
export function cardsForCount(s: GameState, count: number): CardId[] {
  if (!Number.isInteger(count) || count < 0 || count > s.supply.length) {
    throw new RangeError(`the launcher holds ${s.supply.length} cards: ${count} cannot have come out`);
  }
  return s.supply.slice(0, count);
}

/** Why a launcher answer does not fit the request and the supply, or null. */
export function checkLauncher(s: Round, m: LauncherMove): MoveError | null {
  if (!Array.isArray(m.cards) || typeof m.fired !== 'boolean') {
    return refuse('bad-launcher', { why: 'launcher-answer' });
  }
  if (m.halfOut !== undefined && (!Number.isInteger(m.halfOut) || m.halfOut < 0 || m.halfOut > m.cards.length)) {
    return refuse('bad-launcher', { why: 'half-out', max: m.cards.length, got: JSON.stringify(m.halfOut) });
  }
  if (m.cards.length > s.supply.length) {
    return refuse('bad-launcher', { why: 'too-many-out', count: m.cards.length, held: s.supply.length });
  }
  for (let i = 0; i < m.cards.length; i++) {
    if (m.cards[i] !== idAt(s.supply[i])) {
      return refuse('bad-launcher', { why: 'wrong-card-out', index: i + 1, got: String(m.cards[i]), expected: idAt(s.supply[i]) });
    }
  }
  return null;
}

/**
 * One press answered: the cards go to the seat the launcher faces, but for those left sticking
 * out, which the presser takes (on a Coup Extrême, the attacker); the request goes on or is done.
 */
export function applyLauncher(d: Draft, p: PressRequest<number>, m: LauncherMove): void {
  const n = m.cards.length;
  const half = m.halfOut ?? 0;
  // The cards out are the supply's next ones (checked): taken as the round holds them, straight
  // into the hands (the first ones to the seat aimed at, those left sticking out to the presser).
  takeFromSupply(d, n - half, d.s.hands[p.aimAt]);
  if (half > 0) takeFromSupply(d, half, d.s.hands[p.seat]);
  if (d.all) {
    const e: GameEvent = { type: 'press', seat: p.seat, aimAt: p.aimAt, cards: m.cards, fired: m.fired };
    if (half > 0) e.halfOut = half;
    d.events.push(e);
  }
  let next: PressRequest<number> | null = null;
  if (p.untilCards) {
    if (n === 0) {
      // Presses go on until cards come out, unless nothing can: an empty launcher and no discard to reload.
      reloadIfDue(d);
      if (d.s.supply.length > 0) next = p;
    }
  } else if (p.remaining > 1) next = pressOf(p, p.seat, p.aimAt, p.remaining - 1, p.queue);
  else if (p.queue.length > 0) next = pressOf(p, p.queue[0], p.queue[0], 1, p.queue.slice(1));
  if (next) request(d, next);
  else resume(d, p.then);
}

/**
 * The press request `p` goes on to: pressed by `seat` at `aimAt`, `remaining` presses left, then
 * `queue`. Written out in the order of a request's keys (a state's JSON keeps it), not spread:
 * a spread copies the request key by key.
 */
function pressOf(p: PressRequest<number>, seat: number, aimAt: number, remaining: number, queue: number[]): PressRequest<number> {
  return { kind: 'press', seat, aimAt, remaining, untilCards: p.untilCards, queue, reason: p.reason, then: p.then };
}
