/**
 * Playing a card: when a card may be played (matching, whose turn, requests that restrict the
 * play), with a message that says why not, and laying it. One source for both the validation of
 * a move and the listing of legal plays.
 */
import { card, cardLabel, COLOURS, type Card, type CardId, type Colour } from './cards.ts';
import { endRound, lay, takeFromHand, type Draft } from './draft.ts';
import { EFFECT_OF_KIND } from './effects/index.ts';
import type { DrawnRequest, GameState, Move, MoveError, Pending, PlayAgainRequest, StackRequest } from './state.ts';
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
  if (c.colour === null) return true;
  if (c.colour === s.colour) return true;
  return c.kind === top.kind && (c.kind !== 'number' || c.number === top.number);
}

/** `a red Skip`, `a green 7`, `a Wild (colour blue)`: how messages name a card. */
export function describeCard(id: CardId, colour?: Colour | null): string {
  const c = card(id);
  const label = cardLabel(id);
  const text = c.colour ? c.colour + label.slice(c.colour.length) : label;
  return c.colour === null && colour ? `a ${text} (colour ${colour})` : `a ${text}`;
}

/** What a request waits for, in words. */
export function describePending(p: Pending): string {
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

function blocker(s: GameState, seat: number, c: Card, top: Card): Blocker | null {
  const p = s.pending;
  if (p) {
    if (p.seat !== seat) return 'turn';
    if (p.kind === 'stack') return p.kinds.includes(c.kind) ? null : 'stack';
    if (p.kind === 'playAgain') return c.colour === p.colour || c.kind === 'playAgain' ? null : 'playAgain';
    if (p.kind !== 'drawn') return 'pending';
    if (c.id !== p.card) return 'drawn';
  } else if (seat !== s.turn) {
    if (!(s.rules.options.jumpIn && c.colour !== null && c.code === top.code)) return 'turn';
  }
  return matches(s, c, top) ? null : 'match';
}

/** A card may be played now by `seat`, as far as whose turn it is and what it is played on. */
export function playableBy(s: GameState, seat: number, id: CardId): MoveError | null {
  const b = blocker(s, seat, card(id), topCard(s));
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
      return refuse('cannot-play', `after drawing only the drawn card (${cardLabel((p as DrawnRequest).card)}) may be played`);
    case 'match':
      return refuse('cannot-play', `${describeCard(id)} cannot be played on ${describeCard(s.discard[s.discard.length - 1], s.colour)}`);
  }
}

/** Cards a play lays, bottom first: those a Discard All takes along, the pair, the card itself. */
export function laidBy(s: GameState, m: PlayMove, c: Card = card(m.card)): CardId[] {
  const lays = EFFECT_OF_KIND[c.kindIndex].lays;
  if (!lays) return m.also !== undefined ? [m.also, m.card] : [m.card];
  // `lays` gives a new array: the pair and the card go on top of it (no spread copies).
  const laid = lays(s.hands[m.seat], c);
  if (m.also !== undefined) laid.push(m.also);
  laid.push(m.card);
  return laid;
}

/** Why a play move is refused, or null when it is legal. */
export function checkPlay(s: GameState, m: PlayMove): MoveError | null {
  const hand = s.hands[m.seat];
  if (typeof m.card !== 'string' || !hand.includes(m.card)) return refuse('not-in-hand', `seat ${m.seat} holds no card ${m.card}`);
  const why = playableBy(s, m.seat, m.card);
  if (why) return why;
  const c = card(m.card);
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
    if (m.also === m.card || !hand.includes(m.also) || card(m.also).code !== c.code) {
      return refuse('bad-move', `${m.also} is not a second ${label()} in the hand`);
    }
  }
  if (m.uno !== undefined && typeof m.uno !== 'boolean') return refuse('bad-move', 'uno must be true or false');
  if (m.uno) {
    if (!s.rules.options.unoCall) return refuse('bad-move', `UNO is not called in the rule set ${s.rules.name}`);
    if (hand.length - laidBy(s, m).length !== 1) return refuse('bad-move', 'UNO is called with the play that leaves one card');
  }
  return null;
}

const NO_COLOUR: readonly undefined[] = [undefined];
const NO_TARGET: readonly undefined[] = [undefined];

/**
 * A play move, its keys always in the same order (type, seat, card, also, colour, target, uno):
 * logs and save-file hashes are JSON, so the order of the keys is part of a game's record.
 */
function playOf(seat: number, id: CardId, also: CardId | undefined, colour: Colour | undefined, target: number | undefined, uno: boolean): PlayMove {
  const m: PlayMove = { type: 'play', seat, card: id };
  if (also !== undefined) m.also = also;
  if (colour !== undefined) m.colour = colour;
  if (target !== undefined) m.target = target;
  if (uno) m.uno = true;
  return m;
}

/**
 * Every legal play of the cards `ids` by `seat` (each colour, target, pair and UNO call variant).
 * Listing runs before every move of every simulated round, so it is written with plain loops and
 * builds each move once (no spread copies, no per-card arrays).
 */
export function playMoves(s: GameState, seat: number, ids: readonly CardId[], out: Move[]): void {
  const hand = s.hands[seat];
  const rules = s.rules;
  const unoCall = rules.options.unoCall;
  let others: number[] | null = null;
  const pairs = rules.options.twoIdentical && !s.pending && seat === s.turn;
  const top = topCard(s);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const c = card(id);
    if (blocker(s, seat, c, top)) continue;
    const effect = EFFECT_OF_KIND[c.kindIndex];
    const colours: readonly (Colour | undefined)[] = effect.namesColour(rules) ? COLOURS : NO_COLOUR;
    const targets: readonly (number | undefined)[] = effect.needsTarget(rules, c) ? (others ??= activeSeats(s).filter((t) => t !== seat)) : NO_TARGET;
    // Cards a play lays besides the card and its pair (a Discard All's), as laidBy counts them.
    const extra = effect.lays ? effect.lays(hand, c).length : 0;
    // The card alone (also = undefined), then each identical number card of the hand as its pair.
    for (let j = -1; j < hand.length; j++) {
      let also: CardId | undefined;
      if (j >= 0) {
        if (!pairs || c.kind !== 'number') break;
        const p = hand[j];
        if (p === id || card(p).code !== c.code) continue;
        also = p;
      }
      const laid = extra + (also === undefined ? 1 : 2);
      const unoToo = unoCall && hand.length - laid === 1;
      for (let a = 0; a < colours.length; a++)
        for (let b = 0; b < targets.length; b++) {
          out.push(playOf(seat, id, also, colours[a], targets[b], false));
          if (unoToo) out.push(playOf(seat, id, also, colours[a], targets[b], true));
        }
    }
  }
}

/** Lays a legal play and applies the card's effect. */
export function applyPlay(d: Draft, m: PlayMove): void {
  const s = d.s;
  const c = card(m.card);
  const effect = EFFECT_OF_KIND[c.kindIndex];
  const stacked = s.pending?.kind === 'stack' ? s.pending.total : 0;
  const colourBefore = s.colour;
  const laid = laidBy(s, m, c);
  takeFromHand(d, m.seat, laid);
  lay(d, laid);
  s.pending = null;
  s.shown = false;
  s.turn = m.seat;
  s.colour = c.colour ?? m.colour ?? null;
  d.events.push({ type: 'play', seat: m.seat, cards: laid, colour: s.colour });
  const left = s.hands[m.seat].length;
  if (left === 1 && s.rules.options.unoCall) {
    if (m.uno) d.events.push({ type: 'uno', seat: m.seat });
    else s.uno = m.seat;
  }
  if (left === 0 && !effect.onLastCard) return endRound(d, m.seat);
  effect.apply(d, {
    seat: m.seat,
    card: c,
    colour: s.colour,
    target: m.target ?? null,
    goingOut: left === 0,
    pair: m.also !== undefined,
    stacked,
    kept: s.hands[m.seat],
    colourBefore,
  });
}
