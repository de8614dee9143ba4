/**
 * Cards as the game layer sees them: a card id is a unique string per physical card (`R5#1`,
 * `W#3`, `CX#2`) whose code (before `#`) says the colour and the kind; a state (JSON, saves,
 * moves, events) names cards by id. Each card met gets a serial, a small integer: a round in
 * play (game/core/round.ts) holds serials, and reads a card's meaning with one array read
 * (the card, or its key: game/core/keys.ts). A kind past the 22nd throws as its cards are met,
 * until the key has room for it.
 */
import { faceOf, KEY_AT, keyOf } from './core/keys.ts';

/** The four colours. A wild has no colour of its own: the player names one. */
export type Colour = 'red' | 'yellow' | 'green' | 'blue';

/** The colours in the order menus and decks use. */
export const COLOURS: readonly Colour[] = ['red', 'yellow', 'green', 'blue'];

/** Kinds of coloured card. */
export type ColouredKind =
  | 'number' | 'reverse' | 'skip' | 'hit2' | 'discardAll' | 'tradeHands' | 'showHands' | 'draw2' | 'playAgain';

/** Kinds of wild card (playable on anything). */
export type WildKind = 'wild' | 'coupExtreme' | 'allHit' | 'hitFire' | 'hit4' | 'customizable' | 'wild4';

/** Every kind of card any rule set uses. */
export type CardKind = ColouredKind | WildKind;

/** Coloured kinds other than numbers: the action cards that come in each colour. */
export type ActionKind = Exclude<ColouredKind, 'number'>;

/** A card's id: its code, `#`, and a serial number, unique per physical card. */
export type CardId = string;

/** What a card is. */
export interface Card {
  readonly id: CardId;
  /** The id without its serial: identical cards share a code (`R5`, `GSH`, `CX`). */
  readonly code: string;
  readonly kind: CardKind;
  readonly colour: Colour | null;
  /** Face value of a number card, else null. */
  readonly number: number | null;
  /**
   * A small integer naming this card in tables indexed by card (0, 1, 2… in the order this
   * process first met the ids), and in a round in play: an index that costs no string lookup.
   * Never stored or sent: it depends on what the process met first.
   */
  readonly serial: number;
  /** The kind as a small integer: its index in {@link CARD_KINDS}, for tables indexed by kind. */
  readonly kindIndex: number;
  /** The colour as a small integer: its index in {@link COLOURS}, -1 for a wild. */
  readonly colourIndex: number;
  /**
   * The face, colour aside, as a small integer: the number (0..9) of a number card, 10 + its
   * kind's index for another kind (game/core/keys.ts). A coloured card matches a top card of the same face.
   */
  readonly face: number;
}

/** A colour as its index in {@link COLOURS}, -1 for none (a wild's own colour, a round with none named yet). */
export function colourIndexOf(colour: Colour | null): number {
  for (let i = 0; i < COLOURS.length; i++) if (COLOURS[i] === colour) return i;
  return -1;
}

/** Code letter of each colour. */
export const COLOUR_LETTER: Readonly<Record<Colour, string>> = { red: 'R', yellow: 'Y', green: 'G', blue: 'B' };

/** Code of each action kind (after the colour letter). */
export const ACTION_CODE: Readonly<Record<ActionKind, string>> = {
  reverse: 'R', skip: 'S', hit2: 'H2', discardAll: 'D', tradeHands: 'T', showHands: 'SH', draw2: '+2', playAgain: 'P',
};

/** Code of each wild kind. */
export const WILD_CODE: Readonly<Record<WildKind, string>> = {
  wild: 'W', coupExtreme: 'CX', allHit: 'AH', hitFire: 'HF', hit4: 'H4', customizable: 'CU', wild4: 'W4',
};

/** Every action kind, in deck order. */
export const ACTION_KINDS = Object.keys(ACTION_CODE) as ActionKind[];
/** Every wild kind, in deck order. */
export const WILD_KINDS = Object.keys(WILD_CODE) as WildKind[];
/** Every kind: numbers, the action kinds, the wild kinds ({@link Card.kindIndex} indexes this). */
export const CARD_KINDS: readonly CardKind[] = ['number', ...ACTION_KINDS, ...WILD_KINDS];

const COLOUR_OF_LETTER = new Map(Object.entries(COLOUR_LETTER).map(([c, l]) => [l, c as Colour]));
const ACTION_OF_CODE = new Map(Object.entries(ACTION_CODE).map(([k, c]) => [c, k as ActionKind]));
const WILD_OF_CODE = new Map(Object.entries(WILD_CODE).map(([k, c]) => [c, k as WildKind]));

/** Parses a code (`R5`, `GH2`, `CX`) or returns null when it is not one. */
export function parseCode(code: string): Omit<Card, 'id' | 'serial' | 'kindIndex' | 'colourIndex' | 'face'> | null {
  const wild = WILD_OF_CODE.get(code);
  if (wild) return { code, kind: wild, colour: null, number: null };
  const colour = COLOUR_OF_LETTER.get(code[0]);
  if (!colour) return null;
  const rest = code.slice(1);
  if (/^[0-9]$/.test(rest)) return { code, kind: 'number', colour, number: Number(rest) };
  const kind = ACTION_OF_CODE.get(rest);
  return kind ? { code, kind, colour, number: null } : null;
}

// A dictionary object rather than a Map (bench/NOTES.md).
const cache: Record<CardId, Card> = Object.create(null);
/** Every card met, by serial: a round in play holds serials, and reads its cards here. */
const bySerial: Card[] = [];

/** The card an id names. Throws on a malformed id: ids come from the deck, never from a person. */
export function card(id: CardId): Card {
  return cache[id] ?? parseCard(id);
}

function parseCard(id: CardId): Card {
  const hash = id.indexOf('#');
  const parsed = parseCode(hash < 0 ? id : id.slice(0, hash));
  if (!parsed) throw new Error(`not a card id: ${JSON.stringify(id)}`);
  const kindIndex = CARD_KINDS.indexOf(parsed.kind);
  const c: Card = {
    id, ...parsed, serial: bySerial.length, kindIndex, colourIndex: parsed.colour === null ? -1 : COLOURS.indexOf(parsed.colour),
    face: faceOf(kindIndex, parsed.number),
  };
  cache[id] = c;
  bySerial.push(c);
  KEY_AT.push(keyOf(c.colourIndex, c.face));
  return c;
}

/** The card of a serial ({@link Card.serial}, as a round in play holds it): an array read. */
export function cardAt(serial: number): Card {
  return bySerial[serial];
}

/** The id of a card held as a serial. */
export function idAt(serial: number): CardId {
  return bySerial[serial].id;
}

/** The serial of a card id, or -1 for a string that names no card met so far (none a round holds). */
export function serialOf(id: unknown): number {
  return typeof id === 'string' ? (cache[id]?.serial ?? -1) : -1;
}

/** The ids of cards held as serials, in order. */
export function idsAt(serials: readonly number[]): CardId[] {
  const ids: CardId[] = [];
  for (let i = 0; i < serials.length; i++) ids.push(bySerial[serials[i]].id);
  return ids;
}

/** The serials of card ids (met or not: each is parsed the first time), in order. */
export function serialsOf(ids: readonly CardId[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < ids.length; i++) out.push(card(ids[i]).serial);
  return out;
}

/** Card counts of a deck. Coloured counts are per colour. */
export interface DeckSpec {
  /** Number cards per colour, indexed by face value 0..9. */
  numbers: { counts: number[] };
  /** Action cards per colour. */
  coloured: Partial<Record<ActionKind, number>>;
  /** Wild cards in the whole deck. */
  wild: Partial<Record<WildKind, number>>;
}

/** The ids of every card of a deck, in a fixed order (colour by colour, then wilds). */
export function buildDeck(spec: DeckSpec): CardId[] {
  const ids: CardId[] = [];
  const add = (code: string, n: number) => {
    for (let i = 1; i <= n; i++) ids.push(`${code}#${i}`);
  };
  for (const colour of COLOURS) {
    const l = COLOUR_LETTER[colour];
    spec.numbers.counts.forEach((n, face) => add(`${l}${face}`, n));
    for (const k of ACTION_KINDS) add(`${l}${ACTION_CODE[k]}`, spec.coloured[k] ?? 0);
  }
  for (const k of WILD_KINDS) add(WILD_CODE[k], spec.wild[k] ?? 0);
  return ids;
}

/**
 * Decks already built, by deck spec: every round of a simulation deals the same deck, and the ids
 * (a hundred template strings) cost more than the lookup. Rules are plain data that nothing changes
 * in place (withOptions copies), so a spec object always builds the same deck. The array is only read.
 */
const decks = new WeakMap<object, readonly CardId[]>();

/** The ids of a deck, built once per deck spec ({@link buildDeck}'s order). The array is only read. */
export function deckOf(spec: DeckSpec): readonly CardId[] {
  let deck = decks.get(spec);
  if (!deck) decks.set(spec, (deck = buildDeck(spec)));
  return deck;
}

const deckSerials = new WeakMap<object, readonly number[]>();

/** {@link deckOf} as serials, what a round deals: built once per deck spec. The array is only read. */
export function deckSerialsOf(spec: DeckSpec): readonly number[] {
  let deck = deckSerials.get(spec);
  if (!deck) deckSerials.set(spec, (deck = serialsOf(deckOf(spec))));
  return deck;
}

/** Point values: number cards by face (index 0..9), other kinds by kind. */
export interface Points {
  numbers: number[];
  kinds: Partial<Record<Exclude<CardKind, 'number'>, number>>;
}

/** Points a card is worth at the end of a round. */
export function cardPoints(points: Points, id: CardId): number {
  return pointsOf(points, card(id));
}

/** {@link cardPoints} of a card already looked up. */
export function pointsOf(points: Points, c: Card): number {
  return c.kind === 'number' ? points.numbers[c.number!] ?? 0 : points.kinds[c.kind] ?? 0;
}

const pointTables = new WeakMap<Points, number[]>();

/**
 * The points of every card under `points`, indexed by {@link Card.serial}: built once per points
 * table (a rule set's), so scoring a card is an array read rather than lookups by kind name. It
 * holds every card of `deck` (and every other card met so far); read it with {@link pointsAt}.
 */
export function pointTable(points: Points, deck: DeckSpec): number[] {
  let t = pointTables.get(points);
  if (!t) {
    for (const id of deckOf(deck)) card(id);
    t = bySerial.map((c) => pointsOf(points, c));
    pointTables.set(points, t);
  }
  return t;
}

/** The points of the card `n` (a serial) from a {@link pointTable} (computed for a card met after the table was built: another deck's). */
export function pointsAt(table: number[], points: Points, n: number): number {
  return n < table.length ? table[n] : pointsOf(points, cardAt(n));
}
