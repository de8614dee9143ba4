/**
 * A card's key, and the caches read by it. The key is a card's colour and face as one small
 * integer, shared by identical cards:
 *
 *   key = (colourIndex + 1) << FACE_BITS | face
 *
 * `colourIndex` is the colour's index in COLOURS (-1 for a wild, so 0 in the key); `face` is
 * the number (0..9) of a number card, else {@link NUMBER_FACES} + its kind's index in
 * CARD_KINDS, so the face names the kind too. Listing moves and the bots test every card of a
 * hand before every move by its key ({@link KEY_AT}), and listing decides whether a card may be
 * played by one read of a table indexed by key ({@link Demands}); bench/NOTES.md says why.
 */
import type { Rules } from '../rules.ts';

/** Bits of a key that hold the face. */
const FACE_BITS = 5;
/** Faces a key has room for: numbers first, then one per kind but the number. */
const FACES = 1 << FACE_BITS;
/** Faces of number cards (0..9); another kind's face is this plus its kind's index. */
const NUMBER_FACES = 10;
/** Keys run below this: 4 colours and none, {@link FACES} faces each. */
export const KEYS = 5 * FACES;

/**
 * The face of a card of kind `kindIndex` (`number`: its value when it is a number card). Throws
 * for a kind the key has no room for: a new kind past the 22nd needs {@link FACE_BITS} widened.
 */
export function faceOf(kindIndex: number, number: number | null): number {
  const face = number ?? NUMBER_FACES + kindIndex;
  if (face >= FACES) throw new Error(`card kind ${kindIndex} does not fit a card key: ${FACE_BITS} bits of face hold ${FACES - NUMBER_FACES} kinds; widen FACE_BITS in game/core/keys.ts`);
  return face;
}

/** The key of a card's colour (its index in COLOURS, -1: a wild) and face ({@link faceOf}). */
export function keyOf(colourIndex: number, face: number): number {
  return ((colourIndex + 1) << FACE_BITS) | face;
}

/** The colour of a key, as an index in COLOURS: -1 for a wild. */
export function keyColour(key: number): number {
  return (key >> FACE_BITS) - 1;
}

/** The face of a key ({@link faceOf}). */
export function keyFace(key: number): number {
  return key & (FACES - 1);
}

/** The kind of a key, as its index in CARD_KINDS (a number's face is its value, another's {@link NUMBER_FACES} + its kind's index). */
export function keyKind(key: number): number {
  const face = key & (FACES - 1);
  return face < NUMBER_FACES ? 0 : face - NUMBER_FACES;
}

/** Each card met, by serial: its key. game/cards.ts fills it as it assigns serials. */
export const KEY_AT: number[] = [];

/**
 * Listing's demands (game/play.ts: what a card must be for a seat to play it now, and a table
 * by key of the cards that may be), each made once and kept: a rule set meets a few dozen.
 * Kept by what decides them, as a slot of one array: a play that must fit the top card by the
 * current colour and the top card's face; a jump-in by the top card's key; after a Play Again
 * by its colour. A stack request's, by the bits of the kinds it lets through, in a map.
 */
export class Demands<D> {
  private bySlot: (D | undefined)[] = new Array<D | undefined>(AGAIN_SLOTS + 5).fill(undefined);
  private byKinds = new Map<number, D>();

  /** The slot of the demand to fit a top card of key `top` under the current colour `current` (-1: none named). */
  fitSlot(current: number, top: number): number {
    return (current + 1) * FACES + keyFace(top);
  }

  /** The slot of the demand of a jump-in on a top card of key `top`. */
  jumpInSlot(top: number): number {
    return JUMP_IN_SLOTS + top;
  }

  /** The slot of the demand after a Play Again of colour `colour` (an index in COLOURS, -1: none). */
  againSlot(colour: number): number {
    return AGAIN_SLOTS + 1 + colour;
  }

  /** The demand kept at `slot`, if one is. */
  at(slot: number): D | undefined {
    return this.bySlot[slot];
  }

  /** Keeps `d` at `slot`; returns it. */
  keep(slot: number, d: D): D {
    return (this.bySlot[slot] = d);
  }

  /** The demand of a stack request that lets the kinds of `kinds` through (a bit per kind index), if one is kept. */
  stackAt(kinds: number): D | undefined {
    return this.byKinds.get(kinds);
  }

  /** Keeps `d` as the demand of a stack request of `kinds`; returns it. */
  keepStack(kinds: number, d: D): D {
    this.byKinds.set(kinds, d);
    return d;
  }
}

/** Where {@link Demands}' slots of jump-ins begin (those of fits run from 0: 5 colours × the faces). */
const JUMP_IN_SLOTS = KEYS;
/** Where {@link Demands}' slots after a Play Again begin. */
const AGAIN_SLOTS = 2 * KEYS;

/**
 * Listing's bits of each card (game/play.ts: it names a colour, a target, lays other cards),
 * by serial, under the last rule set listed: the effects' answers depend only on the rules
 * and the card.
 */
export class FlagsBySerial {
  private rules: Rules | null = null;
  private flags: number[] = [];

  /** The bits by serial under `rules` (emptied when the rule set changes); a card not yet asked reads undefined. */
  under(rules: Rules): number[] {
    if (rules !== this.rules) (this.rules = rules), (this.flags = []);
    return this.flags;
  }
}
