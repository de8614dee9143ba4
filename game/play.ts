/**
 * Playing a card: when a card may be played (matching, whose turn, requests that restrict the
 * play), with a message that says why not, and laying it. One source for both the validation of
 * a move and the listing of legal plays.
 */
import { card, cardAt, cardLabel, COLOURS, idAt, idsAt, serialOf, type Card, type CardId, type Colour } from './cards.ts';
import { PLAY, type MoveList } from './core/moves.ts';
import { topOf, type Round, type RoundPending } from './core/round.ts';
import { endRound, lay, layCard, takeCard, takeFromHand, type Draft } from './draft.ts';
import { EFFECT_OF_KIND } from './effects/index.ts';
import type { Rules } from './rules.ts';
import type { GameState, Move, MoveError, Pending, PlayAgainRequest, StackRequest } from './state.ts';
import { activeSeats, isSeat } from './turn.ts';

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
  return c.colour === null || c.colour === colour || c.face === top.face;
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

function blocker(s: Round, seat: number, c: Card, top: Card): Blocker | null {
  const p = s.pending;
  if (p) {
    if (p.seat !== seat) return 'turn';
    if (p.kind === 'stack') return p.kinds.includes(c.kind) ? null : 'stack';
    if (p.kind === 'playAgain') return c.colour === p.colour || c.kind === 'playAgain' ? null : 'playAgain';
    if (p.kind !== 'drawn') return 'pending';
    if (c.serial !== p.card) return 'drawn';
  } else if (seat !== s.turn) {
    if (!(s.rules.options.jumpIn && c.colour !== null && c.code === top.code)) return 'turn';
  }
  return fits(c, s.colour, top) ? null : 'match';
}

/** A card (a serial) may be played now by `seat`, as far as whose turn it is and what it is played on. */
export function playableBy(s: Round, seat: number, n: number): MoveError | null {
  const b = blocker(s, seat, cardAt(n), topOf(s));
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

/** The listing bits of `c` under `rules`, from its effect (asked once per card and rule set). */
function playFlags(rules: Rules, c: Card): number {
  if (rules !== flagRules) (flagRules = rules), (flagsBySerial = []);
  let f = flagsBySerial[c.serial];
  if (f === undefined) {
    const effect = EFFECT_OF_KIND[c.kindIndex];
    f = (effect.namesColour(rules) ? NAMES_COLOUR : 0) | (effect.needsTarget(rules, c) ? NEEDS_TARGET : 0) | (effect.lays ? LAYS : 0);
    flagsBySerial[c.serial] = f;
  }
  return f;
}

/**
 * Every legal play of the cards `cards` (serials) by `seat` (each colour, target, pair and UNO
 * call variant), into `out`. Listing runs before every move of every simulated round, so it is
 * written with plain loops and builds no object (no move, no per-card array).
 */
export function playMoves(s: Round, seat: number, cards: readonly number[], out: MoveList): void {
  const hand = s.hands[seat];
  const rules = s.rules;
  const unoCall = rules.options.unoCall;
  let others: number[] | null = null;
  const pairs = rules.options.twoIdentical && !s.pending && seat === s.turn;
  const top = topOf(s);
  for (let i = 0; i < cards.length; i++) {
    const c = cardAt(cards[i]);
    if (blocker(s, seat, c, top)) continue;
    const f = playFlags(rules, c);
    const colours = f & NAMES_COLOUR ? ALL_COLOURS : NONE;
    const targets = f & NEEDS_TARGET ? (others ??= activeSeats(s).filter((t) => t !== seat)) : NONE;
    // Cards a play lays besides the card and its pair (a Discard All's), as laidBy counts them.
    const extra = f & LAYS ? EFFECT_OF_KIND[c.kindIndex].lays!(hand, c).length : 0;
    // The card alone (also = undefined), then each identical number card of the hand as its pair.
    for (let j = -1; j < hand.length; j++) {
      let also = -1;
      if (j >= 0) {
        if (!pairs || c.kind !== 'number') break;
        const p = cardAt(hand[j]);
        if (p === c || p.code !== c.code) continue;
        also = p.serial;
      }
      const laid = extra + (also < 0 ? 1 : 2);
      const unoToo = unoCall && hand.length - laid === 1;
      for (let a = 0; a < colours.length; a++)
        for (let b = 0; b < targets.length; b++) {
          out.add(PLAY, seat, c.serial, also, colours[a], targets[b], 0);
          if (unoToo) out.add(PLAY, seat, c.serial, also, colours[a], targets[b], 1);
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
