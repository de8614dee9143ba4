/**
 * Playing a card: when a card may be played (matching, whose turn, requests that restrict the
 * play), with a message that says why not, and laying it. One source for both the validation of
 * a move and the listing of legal plays.
 */
import { CARD_KINDS, card, cardAt, colourIndexOf, COLOURS, idAt, idsAt, serialOf, type Card, type CardId, type CardKind, type Colour } from './cards.ts';
import { Demands, FlagsBySerial, KEY_AT, KEYS, keyColour, keyFace, keyKind } from './core/keys.ts';
import type { MoveList } from './core/moves.ts';
import type { Round, RoundPending } from './core/round.ts';
import { endRound, lay, layCard, takeCard, takeFromHand, type Draft } from './draft.ts';
import { EFFECT_OF_KIND } from './effects/index.ts';
import type { Rules } from './rules.ts';
import type { GameState, Move, MoveError, Pending, PlayAgainRequest, Refusal, StackRequest, Waiting } from './state.ts';
import { activeSeats, isSeat } from './turn.ts';

/** A play move. */
export type PlayMove = Extract<Move, { type: 'play' }>;

/**
 * How a refusal's `message` is worded: English, installed by words/refusals.ts when it loads (every
 * front end and the library's entry load it). Not imported here: the engine also runs in the page's
 * workers (the search bots), which send refusals as data and never word them, and an import would
 * carry the catalogues and their formatter into each worker's script. Until it is installed a
 * message is the refusal's data, never blank.
 */
let wordRefusal: (r: Refusal) => string = (r) => JSON.stringify(r);

/** Words every refusal's `message` with `f` from now on (words/refusals.ts, once). */
export function wordRefusalsWith(f: (r: Refusal) => string): void {
  wordRefusal = f;
}

/**
 * A refused move: the refusal as data, and its English words for the library's users, worded when
 * first read (a bot that tries a move and is refused never pays for the words). A class, its
 * `message` on the prototype: a server reads every card's refusal of every hand at each move.
 */
class Refused implements MoveError {
  private words: string | undefined;
  constructor(readonly code: MoveError['code'], readonly refusal: Refusal) {}
  get message(): string {
    return (this.words ??= wordRefusal(this.refusal));
  }

  // Its words go with its data (to a worker, in a save).
  toJSON(): MoveError {
    return { code: this.code, refusal: this.refusal, message: this.message };
  }
}

export function refuse(code: MoveError['code'], refusal: Refusal): MoveError {
  return new Refused(code, refusal);
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
 * {@link fits} of cards by their keys (game/core/keys.ts), the current colour as an index in
 * COLOURS (-1: none named): a wild, a card of the current colour, or one of the top card's face.
 */
export function fitsKey(key: number, current: number, top: number): boolean {
  const colour = keyColour(key);
  return colour < 0 || colour === current || keyFace(key) === keyFace(top);
}

/** What a request waits for, as a refusal carries it (the request's fields a person is told). */
export function waitingOf(p: Pending | RoundPending): Waiting {
  switch (p.kind) {
    case 'press':
      return { kind: 'press', seat: p.seat, aimAt: p.aimAt, reason: p.reason };
    case 'stack':
      return { kind: 'stack', seat: p.seat, total: p.total };
    default:
      return { kind: p.kind, seat: p.seat };
  }
}

/** Why a card cannot be played now, as a cheap tag (listing legal moves asks this of every card). */
type Blocker = 'turn' | 'stack' | 'playAgain' | 'pending' | 'drawn' | 'match';

/**
 * What a card must be for one seat to play it now, decided from the request, whose turn it is,
 * the top card and the current colour: then whether a card may be played depends on its key
 * alone (game/core/keys.ts; and on its serial after a draw), so each demand holds a table by key
 * of the cards it lets through. A demand is made the first time it is met and kept
 * ({@link demands}), and never changed.
 */
class Demand {
  /** By key: 1 when {@link blockedByKey} lets a card of that key through. */
  readonly table: Uint8Array;
  constructor(
    /** The reason every card is refused ('turn', 'pending'), or null when each card is tested. */
    readonly all: Blocker | null,
    /** Out of turn: only a jump-in, a coloured card identical to the top card, may be played. */
    readonly jumpIn: boolean,
    /** What a request lets through whatever the top card: {@link STACK} its kinds, {@link AGAIN} its colour and Play Again; {@link FIT}: none, the card must fit. */
    readonly gate: number,
    /** The kinds the gate lets through, a bit per kind index ({@link CARD_KINDS}). */
    readonly kinds: number,
    /** The colour the gate lets through (an index in COLOURS), or -2: none. */
    readonly colour: number,
    /** The top card's key. */
    readonly top: number,
    /** The current colour as an index in COLOURS, -1 when none is named. */
    readonly current: number,
  ) {
    this.table = new Uint8Array(KEYS);
    if (all === null) for (let key = 0; key < KEYS; key++) this.table[key] = blockedByKey(this, key) === null ? 1 : 0;
  }
}

/** {@link Demand.gate}: no gate, a stack request's, a Play Again's. */
const FIT = 0, STACK = 1, AGAIN = 2;

/** The demands met so far. */
const demands = new Demands<Demand>();
/** The demands that refuse every card: it is not the seat's turn, or it must answer a request with no card. */
const NOT_YOUR_TURN = new Demand('turn', false, FIT, 0, -2, 0, -1);
const PENDING = new Demand('pending', false, FIT, 0, -2, 0, -1);

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

/**
 * What `seat` may play now in `s` (after a draw, only the card drawn: see {@link drawnOnly}).
 * The usual case, a seat on its turn with no request or one to play the card drawn, is decided
 * here; another request and a seat out of turn, in functions of their own (bench/NOTES.md: small
 * functions are inlined).
 */
function demandOf(s: Round, seat: number): Demand {
  const p = s.pending;
  if (p !== null) {
    if (p.seat !== seat) return NOT_YOUR_TURN;
    if (p.kind !== 'drawn') return requestDemand(s, p);
  } else if (seat !== s.turn) return jumpInDemand(s);
  const top = topKey(s);
  const current = colourIndexOf(s.colour);
  const slot = demands.fitSlot(current, top);
  return demands.at(slot) ?? demands.keep(slot, new Demand(null, false, FIT, 0, -2, top, current));
}

/** What the seat that a request `p` waits for may play now, the request not being to play a card drawn. */
function requestDemand(s: Round, p: RoundPending): Demand {
  if (p.kind === 'stack') {
    const kinds = kindBits(p.kinds);
    return demands.stackAt(kinds) ?? demands.keepStack(kinds, new Demand(null, false, STACK, kinds, -2, topKey(s), colourIndexOf(s.colour)));
  }
  if (p.kind === 'playAgain') {
    const colour = colourIndexOf(p.colour);
    const slot = demands.againSlot(colour);
    return demands.at(slot) ?? demands.keep(slot, new Demand(null, false, AGAIN, 1 << PLAY_AGAIN, colour, topKey(s), colourIndexOf(s.colour)));
  }
  return PENDING;
}

/** What a seat may play out of its turn when no request waits: a jump-in, if the rules allow one. */
function jumpInDemand(s: Round): Demand {
  if (!s.rules.options.jumpIn) return NOT_YOUR_TURN;
  const top = topKey(s);
  const slot = demands.jumpInSlot(top);
  return demands.at(slot) ?? demands.keep(slot, new Demand(null, true, FIT, 0, -2, top, colourIndexOf(s.colour)));
}

/** The key of the top card of the discard pile. */
function topKey(s: Round): number {
  return KEY_AT[s.discard[s.discard.length - 1]];
}

/** The only card (a serial) `s` lets be played, the card just drawn; -1: any. */
function drawnOnly(s: Round): number {
  const p = s.pending;
  return p !== null && p.kind === 'drawn' ? p.card : -1;
}

/** Why a card of key `key` cannot be played under `d` (whoever holds it, whatever was drawn), or null when it can. */
function blockedByKey(d: Demand, key: number): Blocker | null {
  // The same key is the same code: a coloured card identical to the top card, which it then fits.
  if (d.jumpIn) return key === d.top && keyColour(key) >= 0 ? null : 'turn';
  // A request's gate decides alone: a card it lets through is played whatever the top card.
  if (d.gate !== FIT) return ((d.kinds >> keyKind(key)) & 1) === 1 || keyColour(key) === d.colour ? null : d.gate === STACK ? 'stack' : 'playAgain';
  return fitsKey(key, d.current, d.top) ? null : 'match';
}

/**
 * The cards of `cards` (serials) that may be played under `d` (`only`: the one card that may be,
 * -1: any), written into `found` from its start: how many. What {@link blockedIn} says of each,
 * read from the demand's table.
 */
function playableCards(d: Demand, only: number, cards: readonly number[], found: number[]): number {
  const table = d.table;
  const keys = KEY_AT;
  let k = 0;
  for (let i = 0; i < cards.length; i++) {
    const n = cards[i];
    if ((only < 0 || n === only) && table[keys[n]] === 1) found[k++] = n;
  }
  return k;
}

/** The serials {@link playableCards} finds for a listing, written over by each. */
const found: number[] = [];

/** Why the card `n` (a serial) cannot be played under `d` (`only`: the one card that may be, -1: any), or null when it can. */
function blockedIn(d: Demand, only: number, n: number): Blocker | null {
  if (d.all !== null) return d.all;
  if (only >= 0 && n !== only) return 'drawn';
  return blockedByKey(d, KEY_AT[n]);
}

/** A card (a serial) may be played now by `seat`, as far as whose turn it is and what it is played on. */
export function playableBy(s: Round, seat: number, n: number): MoveError | null {
  const b = blockedIn(demandOf(s, seat), drawnOnly(s), n);
  return b === null ? null : blocked(s, b, n);
}

/**
 * {@link playableBy} of every card of `seat`'s hand: the refusals' data written into `out` by
 * card id, nothing for a card that may be played. Only a card that does not match names itself:
 * any other reason is the whole hand's, one object its cards share.
 */
export function refusalsOfHand(s: Round, seat: number, out: Partial<Record<CardId, Refusal>>): void {
  const d = demandOf(s, seat);
  const only = drawnOnly(s);
  const shared: Partial<Record<Blocker, Refusal>> = {};
  for (const n of s.hands[seat]) {
    const b = blockedIn(d, only, n);
    if (b !== null) out[idAt(n)] = b === 'match' ? blocked(s, b, n).refusal : (shared[b] ??= blocked(s, b, n).refusal);
  }
}

/** Why card `n` cannot be played, blocked by `b`. */
function blocked(s: Round, b: Blocker, n: number): MoveError {
  const p = s.pending;
  switch (b) {
    case 'turn':
      return refuse('not-your-turn', p ? { why: 'waiting', waiting: waitingOf(p), mine: false } : { why: 'turn-of', seat: s.turn });
    case 'stack':
      return refuse('cannot-play', { why: 'stack-only', kinds: (p as StackRequest).kinds as CardKind[], total: (p as StackRequest).total });
    case 'playAgain':
      return refuse('cannot-play', { why: 'play-again-only', colour: (p as PlayAgainRequest).colour });
    case 'pending':
      return refuse('pending', { why: 'waiting', waiting: waitingOf(p!), mine: true });
    case 'drawn':
      return refuse('cannot-play', { why: 'drawn-only', card: idAt((p as Extract<RoundPending, { kind: 'drawn' }>).card) });
    case 'match':
      return refuse('cannot-play', { why: 'no-match', card: idAt(n), top: idAt(s.discard[s.discard.length - 1]), colour: s.colour });
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
  if (n < 0 || !hand.includes(n)) return refuse('not-in-hand', { why: 'not-in-hand', seat: m.seat, card: String(m.card) });
  const why = playableBy(s, m.seat, n);
  if (why) return why;
  const c = cardAt(n);
  const effect = EFFECT_OF_KIND[c.kindIndex];
  if (effect.namesColour(s.rules)) {
    if (!COLOURS.includes(m.colour as Colour)) return refuse('needs-colour', { why: 'needs-colour', card: c.id });
  } else if (m.colour !== undefined) return refuse('bad-move', { why: 'names-no-colour', card: c.id });
  if (effect.needsTarget(s.rules, c)) {
    const nobody = m.target === undefined && effect.mayNameNobody?.(s.rules, c) === true;
    const allowed = !nobody && isSeat(s, m.target) && m.target !== m.seat && (effect.targets?.(s, m.seat, c)?.includes(m.target) ?? true);
    if (!nobody && !allowed) return refuse('bad-target', { why: 'needs-target', card: c.id });
  } else if (m.target !== undefined) return refuse('bad-move', { why: 'takes-no-target', card: c.id });
  if (m.also !== undefined) {
    const pairOk = s.rules.options.twoIdentical && !s.pending && m.seat === s.turn && c.kind === 'number';
    if (!pairOk) return refuse('bad-move', { why: 'pair-only' });
    const also = serialOf(m.also);
    if (also === n || also < 0 || !hand.includes(also) || cardAt(also).code !== c.code) {
      return refuse('bad-move', { why: 'not-a-pair', card: c.id, also: String(m.also) });
    }
  }
  if (m.uno !== undefined && typeof m.uno !== 'boolean') return refuse('bad-move', { why: 'uno-not-boolean' });
  if (m.uno) {
    if (!s.rules.options.unoCall) return refuse('bad-move', { why: 'uno-not-called', rules: s.rules.name });
    if (hand.length - laidBy(s, m, c).length !== 1) return refuse('bad-move', { why: 'uno-not-last-but-one' });
  }
  return null;
}

const ALL_COLOURS: readonly number[] = [0, 1, 2, 3];
const NONE: readonly number[] = [-1];

/**
 * What listing asks of a card's effect under a rule set, as bits: it names a colour, a target,
 * lays other cards, may name nobody, names a target among seats of its own.
 */
const NAMES_COLOUR = 1, NEEDS_TARGET = 2, LAYS = 4, MAY_NAME_NOBODY = 8, OWN_TARGETS = 16;

/** The listing bits of each card met, by serial, under the last rule set listed. */
const flagsBySerial = new FlagsBySerial();

/** The listing bits of the card `n` (a serial) under `rules`, from its effect, kept in `flags` ({@link flagsBySerial}'s). */
function playFlags(rules: Rules, flags: number[], n: number): number {
  const effect = EFFECT_OF_KIND[keyKind(KEY_AT[n])];
  const c = cardAt(n);
  return (flags[n] = (effect.namesColour(rules) ? NAMES_COLOUR : 0) | (effect.needsTarget(rules, c) ? NEEDS_TARGET : 0) | (effect.lays ? LAYS : 0) |
    (effect.mayNameNobody?.(rules, c) ? MAY_NAME_NOBODY : 0) | (effect.targets ? OWN_TARGETS : 0));
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
  const flags = flagsBySerial.under(rules);
  const unoCall = rules.options.unoCall === true;
  let others: number[] | null = null;
  const pairs = rules.options.twoIdentical === true && !s.pending && seat === s.turn;
  const count = playableCards(d, drawnOnly(s), cards, found);
  for (let i = 0; i < count; i++) {
    const n = found[i];
    const f = flags[n] ?? playFlags(rules, flags, n);
    const key = KEY_AT[n];
    const colours = f & NAMES_COLOUR ? ALL_COLOURS : NONE;
    const targets = f & NEEDS_TARGET ? targetsOf(s, seat, n, f, (others ??= activeSeats(s).filter((t) => t !== seat))) : NONE;
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
 * The targets a play of the card `n` (a serial) by `seat` lists, its listing bits `f`: every
 * other seat (`others`) unless its effect names seats of its own; -1 first when it may name nobody.
 */
function targetsOf(s: Round, seat: number, n: number, f: number, others: readonly number[]): readonly number[] {
  const seats = (f & OWN_TARGETS && EFFECT_OF_KIND[keyKind(KEY_AT[n])].targets!(s, seat, cardAt(n))) || others;
  return f & MAY_NAME_NOBODY ? [-1, ...seats] : seats;
}

/**
 * Lays a legal play, move `i` of `list`, and applies the card's effect: its seat plays the card
 * with the pair (serials, -1: no pair), naming the colour (a wild's, -1: none) and the target
 * (-1: none), calling UNO or not. Read from the list: a listed play costs no lookup of its ids,
 * and builds no move object (the engine lists a move object to apply it).
 */
export function applyPlay(d: Draft, list: MoveList, i: number): void {
  const seat = list.seat[i], n = list.card[i], also = list.also[i], target = list.target[i], uno = list.uno[i] === 1;
  const colour = list.colour[i] < 0 ? null : COLOURS[list.colour[i]];
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
  // A context made for the play, not one written over (bench/NOTES.md, allocation).
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
