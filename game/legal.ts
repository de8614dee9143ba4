/**
 * Every move the rules allow now, for every seat: the turn's plays and press (or draw), the
 * answer a request waits for, and the out-of-turn moves (a late UNO call, catching a player who
 * missed UNO, jumping in). A launcher answer is listed once, with no cards: the cards are what
 * the device gives, any number of the supply's next cards.
 */
import { MoveList, ACCEPT, CATCH, CHALLENGE, COLOUR, DRAW, LAUNCHER, PASS, PRESS, UNO } from './core/moves.ts';
import { roundOf, type Round } from './core/round.ts';
import { playMoves } from './play.ts';
import type { GameState, Move } from './state.ts';

/** The legal moves of `state` (empty once the round is over). */
export function legalMoves(state: GameState): Move[] {
  return movesIn(roundOf(state));
}

/** {@link legalMoves} of a round in play, as objects. */
export function movesIn(s: Round): Move[] {
  const list = new MoveList();
  listMoves(s, list);
  const out: Move[] = [];
  for (let i = 0; i < list.length; i++) out.push(list.moveAt(i));
  return out;
}

/** The legal moves of a round in play, into `out` (emptied first): what {@link legalMoves} lists, in its order. */
export function listMoves(s: Round, out: MoveList): void {
  out.clear();
  if (s.winner !== null || s.calledOff) return;
  if (s.uno !== null) {
    out.add(UNO, s.uno);
    for (let seat = 0; seat < s.players; seat++) if (!s.out[seat] && seat !== s.uno) out.add(CATCH, seat, -1, -1, -1, s.uno);
  }
  const take = s.rules.options.launcher ? PRESS : DRAW;
  const p = s.pending;
  if (!p) {
    playMoves(s, s.turn, s.hands[s.turn], out);
    out.add(take, s.turn);
    // Jump-ins: playMoves keeps only the cards identical to the top card (the rule lives in play.ts).
    // The seats in order, with no list of them built: this runs before every turn of a round with jump-ins.
    if (s.rules.options.jumpIn) for (let seat = 0; seat < s.players; seat++) if (!s.out[seat] && seat !== s.turn) playMoves(s, seat, s.hands[seat], out);
    return;
  }
  switch (p.kind) {
    case 'press':
      out.add(LAUNCHER, p.seat);
      break;
    case 'colour':
      for (let colour = 0; colour < 4; colour++) out.add(COLOUR, p.seat, -1, -1, colour);
      break;
    case 'challenge':
      out.add(CHALLENGE, p.seat);
      out.add(ACCEPT, p.seat);
      break;
    case 'stack':
      playMoves(s, p.seat, s.hands[p.seat], out);
      out.add(take, p.seat);
      break;
    case 'drawn':
      playMoves(s, p.seat, [p.card], out);
      out.add(PASS, p.seat);
      break;
    case 'playAgain':
      playMoves(s, p.seat, s.hands[p.seat], out);
      out.add(PASS, p.seat);
      break;
  }
}
