/** Points at the end of a round, by the scoring mode of the rules. */
import { card, cardAt, pointsOf } from './cards.ts';
import type { Round } from './core/round.ts';
import type { GameState } from './state.ts';
import { activeSeats, teamOf } from './turn.ts';

/** Points of the cards in a seat's hand: a state's (card ids) or a round's in play (serials). */
export function handPoints(state: GameState | Round, seat: number): number {
  let total = 0;
  const hand: readonly (string | number)[] = state.hands[seat];
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    total += pointsOf(state.rules.points, typeof c === 'number' ? cardAt(c) : card(c));
  }
  return total;
}

/**
 * What each seat scores for a finished round. `standard`: the winner scores every other hand
 * (partners: the team scores the opponents' hands, each partner is credited); `challenge` and
 * `lowest`: every player scores their own hand, the winner 0.
 */
export function roundPoints(state: GameState | Round): number[] {
  if (state.winner === null) throw new Error('the round is not over: nobody has gone out yet');
  const points = Array<number>(state.players).fill(0);
  const { scoring, teams } = state.rules.options;
  const seats = activeSeats(state);
  if (scoring !== 'standard') {
    for (const seat of seats) points[seat] = handPoints(state, seat);
    return points;
  }
  const winners = sideOf(state, teams, state.winner);
  let won = 0;
  for (const seat of seats) if (sideOf(state, teams, seat) !== winners) won += handPoints(state, seat);
  for (const seat of seats) if (sideOf(state, teams, seat) === winners) points[seat] = won;
  return points;
}

/** The side a seat scores with: its team, or itself. (A function, not a closure: this runs after every round.) */
function sideOf(state: GameState | Round, teams: boolean, seat: number): number {
  return teams ? teamOf(state.players, seat) : seat;
}
