/** Types of game.js (plain JavaScript, so the peer's server runs it with no loader). */
import type { Game } from 'boardgame.io';

/** A card id: colour (`R`, `Y`, `G`, `B`, `W` for a wild), face, `#` copy. */
export type Card = string;

/** What a seat sees of the game (the table screen, seat -1, has no hand). */
export interface PeerView {
  seats: { name: string; status: { kind: string } }[];
  discard: Card[];
  colour: string;
  direction: 1 | -1;
  pending: number;
  next: number;
  round: number;
  moves: number;
  totals: number[];
  log: string[];
  seat: number;
  hand: Card[] | null;
  /** The indices in `hand` of the cards this seat may play now. */
  playable: number[] | null;
  handSizes: number[];
  deckCount: number;
}

export const UnoPeer: Game;
