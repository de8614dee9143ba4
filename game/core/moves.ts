/**
 * Legal moves as a round in play lists them: a reusable buffer of small integers, one column
 * per field, so that listing builds no object and a bot chooses by index. A {@link Move} object
 * is built only for the move chosen, and for whoever reads moves (a bot written against
 * {@link Bot}, a person, `legalMoves`): {@link MoveList.moveAt}, the one conversion.
 */
import { COLOURS, idAt, serialOf } from '../cards.ts';
import type { Move } from '../state.ts';

/** The move types, in the order of their codes in a {@link MoveList}. */
export const MOVE_TYPES = ['play', 'press', 'draw', 'pass', 'launcher', 'colour', 'challenge', 'accept', 'uno', 'catch'] as const;

/** The code of each move type (its index in {@link MOVE_TYPES}). */
export const PLAY = 0, PRESS = 1, DRAW = 2, PASS = 3, LAUNCHER = 4, COLOUR = 5, CHALLENGE = 6, ACCEPT = 7, UNO = 8, CATCH = 9;

/** The code of each move type by its name (a move object's `type`). */
export const MOVE_CODE: Readonly<Record<Move['type'], number>> = Object.fromEntries(MOVE_TYPES.map((t, i) => [t, i])) as Record<Move['type'], number>;

/** Moves a new list has room for; {@link MoveList.add} doubles the room when a listing needs more. */
const ROOM = 16;

/**
 * Moves as columns: move `i` is `type[i]` (a code of {@link MOVE_TYPES}) by `seat[i]`, with its
 * card and pair as serials, its colour as an index in COLOURS, its target seat (-1: none) and
 * `uno[i]` 1 when it calls UNO. `length` says how many moves are listed now; the columns are
 * typed arrays with room for more (what lies past `length` is stale), written over by each
 * listing and replaced only when they grow: read a column afresh after adding to the list.
 * Typed arrays: see bench/NOTES.md.
 */
export class MoveList {
  length = 0;
  type = new Int32Array(ROOM);
  seat = new Int32Array(ROOM);
  card = new Int32Array(ROOM);
  also = new Int32Array(ROOM);
  colour = new Int32Array(ROOM);
  target = new Int32Array(ROOM);
  uno = new Int32Array(ROOM);

  /** Empties the list (its columns are kept, to be written over). */
  clear(): void {
    this.length = 0;
  }

  /** Adds a move; the fields it does not have are -1 (uno: 0). */
  add(type: number, seat: number, card = -1, also = -1, colour = -1, target = -1, uno = 0): void {
    const i = this.length;
    if (i === this.type.length) this.grow();
    this.length = i + 1;
    this.type[i] = type;
    this.seat[i] = seat;
    this.card[i] = card;
    this.also[i] = also;
    this.colour[i] = colour;
    this.target[i] = target;
    this.uno[i] = uno;
  }

  /** Adds a play: {@link add} with its type known here (bench/NOTES.md). */
  addPlay(seat: number, card: number, also: number, colour: number, target: number, uno: number): void {
    this.add(PLAY, seat, card, also, colour, target, uno);
  }

  /** Twice the room in every column, the moves listed kept. */
  private grow(): void {
    const room = this.type.length * 2;
    const wider = (column: Int32Array) => {
      const c = new Int32Array(room);
      c.set(column);
      return c;
    };
    this.type = wider(this.type);
    this.seat = wider(this.seat);
    this.card = wider(this.card);
    this.also = wider(this.also);
    this.colour = wider(this.colour);
    this.target = wider(this.target);
    this.uno = wider(this.uno);
  }

  /** Move `j` is move `i` with UNO called (a play's twin, listed right after it). */
  unoTwin(i: number, j: number): boolean {
    return j < this.length && this.type[j] === PLAY && this.uno[j] === 1 && this.card[j] === this.card[i] && this.also[j] === this.also[i] && this.colour[j] === this.colour[i] && this.target[j] === this.target[i];
  }

  /**
   * Move `i` as a {@link Move} object, its keys in the order they always have (a play: type,
   * seat, card, also, colour, target, uno): logs and save-file hashes are JSON, so the order of
   * the keys is part of a game's record. A listed launcher answer carries no cards.
   */
  moveAt(i: number): Move {
    const type = MOVE_TYPES[this.type[i]];
    const seat = this.seat[i];
    switch (type) {
      case 'play': {
        const m: Extract<Move, { type: 'play' }> = { type, seat, card: idAt(this.card[i]) };
        if (this.also[i] >= 0) m.also = idAt(this.also[i]);
        if (this.colour[i] >= 0) m.colour = COLOURS[this.colour[i]];
        if (this.target[i] >= 0) m.target = this.target[i];
        if (this.uno[i] === 1) m.uno = true;
        return m;
      }
      case 'launcher':
        return { type, seat, cards: [], fired: false };
      case 'colour':
        return { type, seat, colour: COLOURS[this.colour[i]] };
      case 'catch':
        return { type, seat, target: this.target[i] };
      default:
        return { type, seat };
    }
  }

  /** Adds a move object (a list of moves given to a bot that reads rounds through its `choose`). */
  addMove(m: Move): void {
    const type = MOVE_CODE[m.type];
    if (m.type === 'play') {
      this.add(type, m.seat, serialOf(m.card), m.also === undefined ? -1 : serialOf(m.also), m.colour === undefined ? -1 : COLOURS.indexOf(m.colour), m.target ?? -1, m.uno ? 1 : 0);
    } else if (m.type === 'colour') this.add(type, m.seat, -1, -1, COLOURS.indexOf(m.colour));
    else if (m.type === 'catch') this.add(type, m.seat, -1, -1, -1, m.target);
    else this.add(type, m.seat);
  }
}
