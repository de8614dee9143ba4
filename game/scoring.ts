/** Points at the end of a round, by the scoring mode of the rules. */
import { card, pointsAt, pointTable, type Points } from './cards.ts';
import type { Round } from './core/round.ts';
import type { GameState } from './state.ts';
import { activeSeats, teamOf } from './turn.ts';

/** Points of the cards in a seat's hand: a state's (card ids) or a round's in play (serials). */
export function handPoints(state: GameState | Round, seat: number): number {
  const { points, deck } = state.rules;
  return pointsOfHand(points, pointTable(points, deck), state.hands[seat]);
}

/** The points of a hand by a {@link pointTable}: an array read per card, no lookup by kind name. */
function pointsOfHand(points: Points, table: number[], hand: readonly (string | number)[]): number {
  let total = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    total += pointsAt(table, points, typeof c === 'number' ? c : card(c).serial);
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
  const { players, hands } = state;
  const { points: values, deck, options: { scoring, teams } } = state.rules;
  const table = pointTable(values, deck);
  const points: number[] = [];
  for (let seat = 0; seat < players; seat++) points.push(0);
  const seats = activeSeats(state);
  if (scoring !== 'standard') {
    for (const seat of seats) points[seat] = pointsOfHand(values, table, hands[seat]);
    return points;
  }
  const winners = sideOf(players, teams, state.winner);
  let won = 0;
  for (const seat of seats) if (sideOf(players, teams, seat) !== winners) won += pointsOfHand(values, table, hands[seat]);
  for (const seat of seats) if (sideOf(players, teams, seat) === winners) points[seat] = won;
  return points;
}

/** The side a seat scores with: its team, or itself. (A function, not a closure: this runs after every round.) */
function sideOf(players: number, teams: boolean, seat: number): number {
  return teams ? teamOf(players, seat) : seat;
}
