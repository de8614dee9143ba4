/** Turn order as small pure functions over the seats still in the match. */
import type { GameState } from './state.ts';

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
  return activeSeats(s).length === 2;
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
