/** Turn order as small pure functions over the seats still in the match. */
import type { Rules } from './rules.ts';
import type { GameState } from './state.ts';
import { said, type Said } from '../words/said.ts';

type Seats = Pick<GameState, 'players' | 'out' | 'direction'>;

/** The seat `steps` places after `from` in `direction`, skipping seats that are out. */
export function nextSeat(s: Seats, from: number, steps = 1, direction: 1 | -1 = s.direction): number {
  let seat = from;
  for (let i = 0; i < steps; i++) {
    do seat = (seat + direction + s.players) % s.players;
    while (s.out[seat]);
  }
  return seat;
}

/** The player left of `seat` (the next one clockwise), whatever the direction of play. */
export function leftOf(s: Pick<GameState, 'players' | 'out'>, seat: number): number {
  return nextSeat(s as Seats, seat, 1, 1);
}

/** Seats still in the match, in seat order. */
export function activeSeats(s: Pick<GameState, 'players' | 'out'>): number[] {
  const seats: number[] = [];
  for (let i = 0; i < s.players; i++) if (!s.out[i]) seats.push(i);
  return seats;
}

/** Two players left: the two-player rules apply (Reverse acts as Skip). */
export function twoPlayers(s: Pick<GameState, 'players' | 'out'>): boolean {
  // Counted, not listed: every Reverse asks.
  let n = 0;
  for (let i = 0; i < s.players; i++) if (!s.out[i]) n++;
  return n === 2;
}

/** Seats from `from` onwards in the order of play, `from` first, each once. */
export function seatsInOrder(s: Seats, from: number): number[] {
  const order = [from];
  for (let seat = nextSeat(s, from); seat !== from; seat = nextSeat(s, seat)) order.push(seat);
  return order;
}

/** The team of a seat when partners sit across: seats i and i + n/2 are partners. */
export function teamOf(players: number, seat: number): number {
  return seat % (players / 2);
}

/** A valid seat number that is still in the match. */
export function isSeat(s: Pick<GameState, 'players' | 'out'>, seat: unknown): seat is number {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < s.players && !s.out[seat];
}

/** A setup's field that cannot be played: its English `what`, and `why`, the same in the command line's words. */
export interface TableProblem {
  readonly field: string;
  readonly what: string;
  readonly why: Said;
}

/**
 * Why a table of `players` seats (`out`: those out of the match) cannot play `rules`, or null.
 * The English is written here as the catalogue's `reason.setup.*` words it (the page bundles this
 * file, not the command line's words; test/words/setup-words.test.ts holds the two the same).
 */
export function tableProblem(rules: Rules, players: number, out: boolean[]): TableProblem | null {
  if (!Number.isInteger(players) || players < 2 || players > 10) return { field: 'players', what: 'must be a whole number from 2 to 10', why: said('reason.setup.players') };
  if (out.length !== players) return { field: 'out', what: `must list ${players} seats`, why: said('reason.setup.outLength', { players }) };
  const seats = activeSeats({ players, out });
  if (seats.length < 2) return { field: 'out', what: 'at least two players must be in the round', why: said('reason.setup.outTwo') };
  if (rules.options.teams && (players % 2 !== 0 || players < 4 || seats.length !== players)) {
    return { field: 'options.teams', what: 'partners need 4, 6 or 8 players, all in the round', why: said('reason.setup.teams') };
  }
  return null;
}
