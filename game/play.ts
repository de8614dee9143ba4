/**
 * Playing a card: when a card may be played (matching, whose turn, requests that restrict the
 * play), with a message that says why not, and laying it. One source for both the validation of
 * a move and the listing of legal plays.
 */
import { CARD_KINDS, card, cardAt, cardLabel, colourIndexOf as importedColourIndexOf, COLOURS, idAt, idsAt, KEY_AT as IMPORTED_KEY_AT, keyColour as importedKeyColour, keyFace as importedKeyFace, keyKind as importedKeyKind, serialOf, type Card, type CardId, type CardKind, type Colour } from './cards.ts';
import type { MoveList } from './core/moves.ts';
import type { Round, RoundPending } from './core/round.ts';
import { endRound, lay, layCard, takeCard, takeFromHand, type Draft } from './draft.ts';
import { EFFECT_OF_KIND } from './effects/index.ts';
import type { Rules } from './rules.ts';
import type { GameState, Move, MoveError, Pending, PlayAgainRequest, StackRequest } from './state.ts';
import { activeSeats, isSeat } from './turn.ts';

// Listing reads these for every card of a hand before every move: as this module's own constants
// its compiled code holds them as constants, where an import is loaded from its module cell and
// checked at each read.
const KEY_AT = IMPORTED_KEY_AT, colourIndexOf = importedColourIndexOf, keyColour = importedKeyColour, keyFace = importedKeyFace, keyKind = importedKeyKind;

/** A play move. */
export type PlayMove = Extract<Move, { type: 'play' }>;

/** A refused move. */
export function refuse(code: MoveError['code'], message: string): MoveError {
  return { code, message };
}

/** The top card of the discard pile. */
export function topCard(s: GameState): Card {
  return card(s.discard[s.discard.length - 1]);
}

/** `c` matches the top card: same colour as the current one, same number, same symbol, or wild. */
export function matches(s: GameState, c: Card, top: Card = topCard(s)): boolean {
  return fits(c, s.colour, top);
}

/** `c` may be laid on `top` when the current colour is `colour` ({@link matches}): the same face is the same number or symbol. */
export function fits(c: Card, colour: Colour | null, top: Card): boolean {
  return fitsKey(KEY_AT[c.serial], colourIndexOf(colour), KEY_AT[top.serial]);
}

/**
 * {@link fits} of cards by their keys ({@link KEY_AT}), the current colour as an index in
 * COLOURS (-1: none named): a wild, a card of the current colour, or one of the top card's face.
 */
export function fitsKey(key: number, current: number, top: number): boolean {
  const colour = keyColour(key);
  return colour < 0 || colour === current || keyFace(key) === keyFace(top);
}

/** `a red Skip`, `a green 7`, `a Wild (colour blue)`: how messages name a card. */
export function describeCard(id: CardId, colour?: Colour | null): string {
  const c = card(id);
  const label = cardLabel(id);
  const text = c.colour ? c.colour + label.slice(c.colour.length) : label;
  return c.colour === null && colour ? `a ${text} (colour ${colour})` : `a ${text}`;
}

/** What a request waits for, in words. */
export function describePending(p: Pending | RoundPending): string {
  switch (p.kind) {
    case 'press':
      return p.seat === p.aimAt
        ? `seat ${p.seat} must press the launcher first (${p.reason})`
        : `seat ${p.seat} must press the launcher at seat ${p.aimAt} first (${p.reason})`;
    case 'colour':
      return `seat ${p.seat} must name a colour first`;
    case 'challenge':
      return `seat ${p.seat} must challenge or accept the +4 first`;
    case 'stack':
      return `seat ${p.seat} must stack or take ${p.total} first`;
    case 'drawn':
      return `seat ${p.seat} must play the drawn card or pass first`;
    case 'playAgain':
      return `seat ${p.seat} must play again or pass first`;
  }
}

/** Why a card cannot be played now, as a cheap tag (listing legal moves asks this of every card). */
type Blocker = 'turn' | 'stack' | 'playAgain' | 'pending' | 'drawn' | 'match';

/**
 * What a card must be for one seat to play it now, decided once per listing from the request,
 * whose turn it is, the top card and the current colour. Whether a card may be played then
 * depends on its key alone ({@link KEY_AT}; and on its serial after a draw), so each demand has
 * a table by key, built once from {@link blockedByKey} and kept: listing asks every card of a
 * hand before every move, and so reads one entry of a table per card. One object, written over
 * by each {@link demandOf} (a listing reads it while it lists, and asks for no other meanwhile).
 */
class Demand {
  /** The reason every card is refused ('turn', 'pending'), or null when each card is tested. */
  all: Blocker | null = null;
  /** Out of turn: only a jump-in, a coloured card identical to the top card, may be played. */
  jumpIn = false;
  /**
   * What a request lets through whatever the top card: {@link STACK} its kinds, {@link AGAIN}
   * its colour and Play Again; {@link FIT}: none, the card must fit. A number, not the Blocker
   * it refuses with: the listing compares it, and a compare of small integers is one instruction.
   */
  gate = FIT;
  /** The kinds the gate lets through, a bit per kind index ({@link CARD_KINDS}). */
  kinds = 0;
  /** The colour the gate lets through (an index in COLOURS), or -2: none. */
  colour = -2;
  /** The only card (a serial) that may be played, the card just drawn; -1: any. */
  only = -1;
  /** The top card's key ({@link KEY_AT}). */
  top = 0;
  /** The current colour as an index in COLOURS, -1 when none is named. */
  current = -1;
  /** By key: 1 when {@link blockedByKey} lets a card of that key through ({@link tableOf}). */
  table: Uint8Array = NOTHING;
}

/** {@link Demand.gate}: no gate, a stack request's, a Play Again's. */
const FIT = 0, STACK = 1, AGAIN = 2;

/** Keys run below this: 4 colours and none, 32 faces each ({@link keyOf}). */
const KEYS = 5 * 32;
/** The table of a demand that refuses every card. */
const NOTHING = new Uint8Array(KEYS);
const demand = new Demand();

/**
 * The tables of the demands met so far ({@link tableOf}), by what {@link blockedByKey} reads of
 * them as one number: the current colour and the top card's face; out of turn, the top card's
 * key; after a Play Again, its colour. An array read per listing, not a lookup by a key object.
 */
const tables: (Uint8Array | undefined)[] = new Array<Uint8Array | undefined>(3 * KEYS).fill(undefined);
/** The tables of stack requests, by the bits of their kinds (a few per rule set). */
const stackTables = new Map<number, Uint8Array>();

/** The table of `d` ({@link Demand.table}): built the first time a demand like it is met. */
function tableOf(d: Demand): Uint8Array {
  if (d.all !== null) return NOTHING;
  if (d.gate === STACK) {
    let t = stackTables.get(d.kinds);
    if (t === undefined) stackTables.set(d.kinds, (t = tableBuilt(d)));
    return t;
  }
  const at = d.gate === AGAIN ? 2 * KEYS + 1 + d.colour : d.jumpIn ? KEYS + d.top : (d.current + 1) * 32 + keyFace(d.top);
  return tables[at] ?? (tables[at] = tableBuilt(d));
}

/** The table of `d`, from {@link blockedByKey} asked of every key. */
function tableBuilt(d: Demand): Uint8Array {
  const t = new Uint8Array(KEYS);
  for (let key = 0; key < KEYS; key++) t[key] = blockedByKey(d, key) === null ? 1 : 0;
  return t;
}

/** The kind indices listing tests ({@link CARD_KINDS}). */
const NUMBER = CARD_KINDS.indexOf('number'), PLAY_AGAIN = CARD_KINDS.indexOf('playAgain');

/** The kinds of a stack request as bits of their kind indices (a name that is no kind lets nothing through). */
function kindBits(kinds: readonly string[]): number {
  let bits = 0;
  for (let i = 0; i < kinds.length; i++) {
    const k = CARD_KINDS.indexOf(kinds[i] as CardKind);
    if (k >= 0) bits |= 1 << k;
  }
  return bits;
}

/** What `seat` may play now in `s` ({@link Demand}: the shared object, filled for this seat). */
function demandOf(s: Round, seat: number): Demand {
  const d = demand;
  const p = s.pending;
  d.all = null;
  d.jumpIn = false;
  d.gate = FIT;
  d.only = -1;
  d.top = KEY_AT[s.discard[s.discard.length - 1]];
  d.current = colourIndexOf(s.colour);
  if (p) {
    if (p.seat !== seat) d.all = 'turn';
    else if (p.kind === 'stack') (d.gate = STACK), (d.kinds = kindBits(p.kinds)), (d.colour = -2);
    else if (p.kind === 'playAgain') (d.gate = AGAIN), (d.kinds = 1 << PLAY_AGAIN), (d.colour = colourIndexOf(p.colour));
    else if (p.kind === 'drawn') d.only = p.card;
    else d.all = 'pending';
  } else if (seat !== s.turn) {
    if (s.rules.options.jumpIn) d.jumpIn = true;
    else d.all = 'turn';
  }
  d.table = tableOf(d);
  return d;
}

/** Why a card of key `key` cannot be played under `d` (whoever holds it, whatever was drawn), or null when it can. */
function blockedByKey(d: Demand, key: number): Blocker | null {
  // The same key is the same code: a coloured card (key 32 and up) identical to the top card, which it then fits.
  if (d.jumpIn) return key === d.top && key >= 32 ? null : 'turn';
  // A request's gate decides alone: a card it lets through is played whatever the top card.
  if (d.gate !== FIT) return ((d.kinds >> keyKind(key)) & 1) === 1 || keyColour(key) === d.colour ? null : d.gate === STACK ? 'stack' : 'playAgain';
  return fitsKey(key, d.current, d.top) ? null : 'match';
}

/**
 * The cards of `cards` (serials) that may be played under `d`, written into `found` from its
 * start: how many. What {@link blockedIn} says of each, read from the demand's table, in a loop
 * of its own (a few reads per card) apart from the listing of each playable card's moves.
 */
function playableCards(d: Demand, cards: readonly number[], found: number[]): number {
  const keys = KEY_AT;
  const table = d.table;
  const only = d.only;
  let k = 0;
  for (let i = 0; i < cards.length; i++) {
    const n = cards[i];
    if ((only < 0 || n === only) && table[keys[n]] === 1) found[k++] = n;
  }
  return k;
}

/** The serials {@link playableCards} finds for a listing, written over by each. */
const found: number[] = [];

/** Why the card `n` (a serial) cannot be played under `d`, or null when it can. */
function blockedIn(d: Demand, n: number): Blocker | null {
  if (d.all !== null) return d.all;
  if (d.only >= 0 && n !== d.only) return 'drawn';
  return blockedByKey(d, KEY_AT[n]);
}

/** A card (a serial) may be played now by `seat`, as far as whose turn it is and what it is played on. */
export function playableBy(s: Round, seat: number, n: number): MoveError | null {
  const b = blockedIn(demandOf(s, seat), n);
  if (b === null) return null;
  const p = s.pending;
  switch (b) {
    case 'turn':
      return refuse('not-your-turn', `not your turn: ${p ? describePending(p) : `it is seat ${s.turn}'s turn`}`);
    case 'stack':
      return refuse('cannot-play', `only ${(p as StackRequest).kinds.join(' or ')} may be stacked: play one or take ${(p as StackRequest).total}`);
    case 'playAgain':
      return refuse('cannot-play', `after a Play Again only a ${(p as PlayAgainRequest).colour} card or another Play Again may be played`);
    case 'pending':
      return refuse('pending', describePending(p!));
    case 'drawn':
      return refuse('cannot-play', `after drawing only the drawn card (${cardLabel(idAt((p as Extract<RoundPending, { kind: 'drawn' }>).card))}) may be played`);
    case 'match':
      return refuse('cannot-play', `${describeCard(idAt(n))} cannot be played on ${describeCard(idAt(s.discard[s.discard.length - 1]), s.colour)}`);
  }
}

/** Cards (serials) a play lays, bottom first: those a Discard All takes along, the pair, the card itself. */
export function laidBy(s: Round, m: PlayMove, c: Card = card(m.card)): number[] {
  return laidOf(s, m.seat, c, m.also === undefined ? -1 : card(m.also).serial);
}

/** {@link laidBy} of `seat` playing `c` with the pair `also` (a serial, -1: none). */
export function laidOf(s: Round, seat: number, c: Card, also: number): number[] {
  const lays = EFFECT_OF_KIND[c.kindIndex].lays;
  if (!lays) return also >= 0 ? [also, c.serial] : [c.serial];
  // `lays` gives a new array: the pair and the card go on top of it (no spread copies).
  const laid = lays(s.hands[seat], c);
  if (also >= 0) laid.push(also);
  laid.push(c.serial);
  return laid;
}

/** Why a play move is refused, or null when it is legal. */
export function checkPlay(s: Round, m: PlayMove): MoveError | null {
  const hand = s.hands[m.seat];
  const n = serialOf(m.card);
  if (n < 0 || !hand.includes(n)) return refuse('not-in-hand', `seat ${m.seat} holds no card ${m.card}`);
  const why = playableBy(s, m.seat, n);
  if (why) return why;
  const c = cardAt(n);
  const effect = EFFECT_OF_KIND[c.kindIndex];
  // The card's label only for a message: building it for every legal play was wasted work.
  const label = () => cardLabel(m.card);
  if (effect.namesColour(s.rules)) {
    if (!COLOURS.includes(m.colour as Colour)) return refuse('needs-colour', `${label()} needs a colour: red, yellow, green or blue`);
  } else if (m.colour !== undefined) return refuse('bad-move', `${label()} does not name a colour`);
  if (effect.needsTarget(s.rules, c)) {
    if (!isSeat(s, m.target) || m.target === m.seat) return refuse('bad-target', `${label()} needs a target: the seat of another player`);
  } else if (m.target !== undefined) return refuse('bad-move', `${label()} takes no target`);
  if (m.also !== undefined) {
    const pairOk = s.rules.options.twoIdentical && !s.pending && m.seat === s.turn && c.kind === 'number';
    if (!pairOk) return refuse('bad-move', 'two cards may be played together only as a pair of number cards on your turn (house rule twoIdentical)');
    const also = serialOf(m.also);
    if (also === n || also < 0 || !hand.includes(also) || cardAt(also).code !== c.code) {
      return refuse('bad-move', `${m.also} is not a second ${label()} in the hand`);
    }
  }
  if (m.uno !== undefined && typeof m.uno !== 'boolean') return refuse('bad-move', 'uno must be true or false');
  if (m.uno) {
    if (!s.rules.options.unoCall) return refuse('bad-move', `UNO is not called in the rule set ${s.rules.name}`);
    if (hand.length - laidBy(s, m, c).length !== 1) return refuse('bad-move', 'UNO is called with the play that leaves one card');
  }
  return null;
}

const ALL_COLOURS: readonly number[] = [0, 1, 2, 3];
const NONE: readonly number[] = [-1];

/** What listing asks of a card's effect under a rule set, as bits: it names a colour, a target, lays other cards. */
const NAMES_COLOUR = 1, NEEDS_TARGET = 2, LAYS = 4;

// The bits of each card (by serial) under the last rule set listed: listing asks them of every
// playable card before every move, and the effects' answers depend only on the rules and the card.
let flagRules: Rules | null = null;
let flagsBySerial: number[] = [];

/** The listing bits by serial under `rules` (filled as {@link playFlags} asks them). */
function flagsFor(rules: Rules): number[] {
  if (rules !== flagRules) (flagRules = rules), (flagsBySerial = []);
  return flagsBySerial;
}

/** The listing bits of the card `n` (a serial) under `rules`, from its effect, kept in `flags` ({@link flagsFor}'s). */
function playFlags(rules: Rules, flags: number[], n: number): number {
  const effect = EFFECT_OF_KIND[keyKind(KEY_AT[n])];
  return (flags[n] = (effect.namesColour(rules) ? NAMES_COLOUR : 0) | (effect.needsTarget(rules, cardAt(n)) ? NEEDS_TARGET : 0) | (effect.lays ? LAYS : 0));
}

/**
 * Every legal play of the cards `cards` (serials) by `seat` (each colour, target, pair and UNO
 * call variant), into `out`. Listing runs before every move of every simulated round, so it is
 * written with plain loops over serials and builds no object (no move, no per-card array): what
 * a card must be is decided once ({@link demandOf}), and each card is tested by its key.
 */
export function playMoves(s: Round, seat: number, cards: readonly number[], out: MoveList): void {
  const d = demandOf(s, seat);
  if (d.all !== null) return;
  const hand = s.hands[seat];
  const rules = s.rules;
  const flags = flagsFor(rules);
  // Booleans of their own (`=== true`): an option's value, of no type the compiler knows, would be
  // tested as any value is (false, 0, '', …) at every listed play.
  const unoCall = rules.options.unoCall === true;
  let others: number[] | null = null;
  const pairs = rules.options.twoIdentical === true && !s.pending && seat === s.turn;
  const count = playableCards(d, cards, found);
  for (let i = 0; i < count; i++) {
    const n = found[i];
    const f = flags[n] ?? playFlags(rules, flags, n);
    const key = KEY_AT[n];
    const colours = f & NAMES_COLOUR ? ALL_COLOURS : NONE;
    const targets = f & NEEDS_TARGET ? (others ??= activeSeats(s).filter((t) => t !== seat)) : NONE;
    // Cards a play lays besides the card and its pair (a Discard All's), as laidBy counts them.
    const extra = f & LAYS ? EFFECT_OF_KIND[keyKind(key)].lays!(hand, cardAt(n)).length : 0;
    // The card alone (also = -1), then each identical number card of the hand as its pair.
    for (let j = -1; j < hand.length; j++) {
      let also = -1;
      if (j >= 0) {
        if (!pairs || keyKind(key) !== NUMBER) break;
        const p = hand[j];
        if (p === n || KEY_AT[p] !== key) continue;
        also = p;
      }
      const laid = extra + (also < 0 ? 1 : 2);
      const unoToo = unoCall && hand.length - laid === 1;
      for (let a = 0; a < colours.length; a++)
        for (let b = 0; b < targets.length; b++) {
          out.addPlay(seat, n, also, colours[a], targets[b], 0);
          if (unoToo) out.addPlay(seat, n, also, colours[a], targets[b], 1);
        }
    }
  }
}

/**
 * Lays a legal play and applies the card's effect: `seat` plays the card `n` with the pair
 * `also` (serials, -1: no pair), naming `colour` (a wild's, else null) and `target` (-1: none),
 * calling UNO when `uno`. The fields as a move list holds them: a listed play costs no lookup of
 * its ids, and builds no move object (the engine reads a move object's fields into these).
 */
export function applyPlay(d: Draft, seat: number, n: number, also: number, colour: Colour | null, target: number, uno: boolean): void {
  const s = d.s;
  const c = cardAt(n);
  const effect = EFFECT_OF_KIND[c.kindIndex];
  const p = s.pending;
  const stacked = p !== null && p.kind === 'stack' ? p.total : 0;
  const colourBefore = s.colour;
  // Laid as laidOf lists them, bottom first (a Discard All's cards, the pair, the card), one by
  // one: a play of a card alone makes no array of what it lays.
  const under = effect.lays ? effect.lays(s.hands[seat], c) : null;
  if (under) {
    takeFromHand(d, seat, under);
    lay(d, under);
  }
  if (also >= 0) {
    takeCard(d, seat, also);
    layCard(d, also);
  }
  takeCard(d, seat, n);
  layCard(d, n);
  s.pending = null;
  s.shown = false;
  s.turn = seat;
  s.colour = c.colour ?? colour;
  if (d.all) d.events.push({ type: 'play', seat, cards: laidIds(under, also, n), colour: s.colour });
  const left = s.hands[seat].length;
  if (left === 1 && s.rules.options.unoCall) {
    if (!uno) s.uno = seat;
    else if (d.all) d.events.push({ type: 'uno', seat });
  }
  if (left === 0 && !effect.onLastCard) return endRound(d, seat);
  // A context made for the play: one long-lived context written over would point at the round's
  // young arrays, a write barrier's slow path on every play.
  effect.apply(d, {
    seat, card: c, colour: s.colour, target: target < 0 ? null : target, goingOut: left === 0, pair: also >= 0, stacked,
    kept: s.hands[seat], colourBefore,
  });
}

/** The ids of the cards a play laid, bottom first: `under` (or none), the pair `also` (-1: none), the card `n`. */
function laidIds(under: readonly number[] | null, also: number, n: number): CardId[] {
  const ids = under ? idsAt(under) : [];
  if (also >= 0) ids.push(idAt(also));
  ids.push(idAt(n));
  return ids;
}
