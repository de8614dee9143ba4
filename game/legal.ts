/**
 * Every move the rules allow now, for every seat: the turn's plays and press (or draw), the
 * answer a request waits for, and the out-of-turn moves (a late UNO call, catching a player who
 * missed UNO, jumping in). A launcher answer is listed once, with no cards: the cards are what
 * the device gives, any number of the supply's next cards.
 */
import { COLOURS } from './cards.ts';
import { roundOf, type Round } from './core/round.ts';
import { playMoves } from './play.ts';
import type { GameState, Move } from './state.ts';
import { activeSeats } from './turn.ts';

/** The legal moves of `state` (empty once the round is over). */
export function legalMoves(state: GameState): Move[] {
  return movesIn(roundOf(state));
}

/** {@link legalMoves} of a round in play. */
export function movesIn(s: Round): Move[] {
  if (s.winner !== null) return [];
  const out: Move[] = [];
  if (s.uno !== null) {
    out.push({ type: 'uno', seat: s.uno });
    for (const seat of activeSeats(s)) if (seat !== s.uno) out.push({ type: 'catch', seat, target: s.uno });
  }
  const take = s.rules.options.launcher ? 'press' : 'draw';
  const p = s.pending;
  if (!p) {
    playMoves(s, s.turn, s.hands[s.turn], out);
    out.push({ type: take, seat: s.turn });
    // Jump-ins: playMoves keeps only the cards identical to the top card (the rule lives in play.ts).
    if (s.rules.options.jumpIn) for (const seat of activeSeats(s)) if (seat !== s.turn) playMoves(s, seat, s.hands[seat], out);
    return out;
  }
  switch (p.kind) {
    case 'press':
      out.push({ type: 'launcher', seat: p.seat, cards: [], fired: false });
      break;
    case 'colour':
      for (const colour of COLOURS) out.push({ type: 'colour', seat: p.seat, colour });
      break;
    case 'challenge':
      out.push({ type: 'challenge', seat: p.seat }, { type: 'accept', seat: p.seat });
      break;
    case 'stack':
      playMoves(s, p.seat, s.hands[p.seat], out);
      out.push({ type: take, seat: p.seat });
      break;
    case 'drawn':
      playMoves(s, p.seat, [p.card], out);
      out.push({ type: 'pass', seat: p.seat });
      break;
    case 'playAgain':
      playMoves(s, p.seat, s.hands[p.seat], out);
      out.push({ type: 'pass', seat: p.seat });
      break;
  }
  return out;
}
