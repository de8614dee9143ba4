/**
 * Game events in plain words, as a person at the table would say them, in the reader's language:
 * the events are data (game/state.ts, GameEvent), turned into {@link Phrase}s (a catalogue key and
 * its values as data: seats, cards, colours, counts), and each front end words a phrase in its
 * reader's language (words/en.ts, words/fr.ts). A game night's server sends phrases, never
 * sentences, so each phone and the table screen reads the same log in its own language.
 */
import { COLOURS, ROUND_MOVE_LIMIT, type CardId, type Colour, type GameEvent, type GameState, type PressRequest, type Refusal } from '../game/index.ts';
import { startAction } from '../game/start.ts';
import { leftOf } from '../game/turn.ts';
import { cardName, colourName } from '../words/cards.ts';
import { catalogueOf, LANGS, type Key, type Words } from '../words/catalogue.ts';
import { refusalText } from '../words/refusals.ts';

export type { Words } from '../words/catalogue.ts';

/** Names of the seats, by seat. */
export type Names = readonly string[];

/**
 * Something said to a person, as data (JSON: it travels from a game night's server to its
 * phones): a catalogue key with its values, the engine's refusal, or a text said before this
 * form existed (a line kept in an older save, a board's notice) shown as it was said.
 */
export type Phrase =
  | { k: Key; v?: Readonly<Record<string, Part>> }
  | { refusal: Refusal }
  | { text: string };

/**
 * A phrase's value: as it is (a number, a person's name, a code), or worded in the reader's
 * language: a seat's name, whether a seat is the reader (`you`), a card, cards, a colour, why a
 * launcher is pressed, or a phrase of its own.
 */
export type Part =
  | string
  | number
  | { seat: number }
  | { you: number }
  | { card: Face }
  | { cards: readonly Face[] }
  | { colour: Colour }
  | { reason: string }
  | Phrase;

/**
 * A card as a phrase names it: its id without the copy (`R5`, not `R5#2`). Which copy a card is
 * tells a reader nothing, and a card's id is kept for what its seat alone may see (rooms check
 * that no message names another seat's).
 */
export type Face = string;

/** The face of card `id` ({@link Face}). */
export const faceOf = (id: CardId): Face => {
  const hash = id.indexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
};

/** A card of face `f`, to word it: every deck has a first copy of each face it holds. */
const ofFace = (f: Face): CardId => `${f}#1`;

/** The phrase of catalogue key `k` with `v`. */
export const said = (k: Key, v?: Readonly<Record<string, Part>>): Phrase => (v ? { k, v } : { k });

/**
 * `x` as a phrase of the log (a catalogue key, its values as data; or a text), or null when it is
 * not one: a room's save read back from disk, whose lines each reader words, is checked first.
 */
export function keptPhrase(x: unknown): Phrase | null {
  if (typeof x !== 'object' || x === null) return null;
  const o = x as Record<string, unknown>;
  if (typeof o.text === 'string' && Object.keys(o).length === 1) return { text: o.text };
  if (typeof o.k !== 'string' || !Object.hasOwn(catalogueOf('en')!, o.k)) return null;
  if (o.v === undefined) return { k: o.k as Key };
  if (typeof o.v !== 'object' || o.v === null) return null;
  const v: Record<string, Part> = {};
  for (const [name, part] of Object.entries(o.v)) {
    const p = keptPart(part);
    if (p === null) return null;
    v[name] = p;
  }
  return { k: o.k as Key, v };
}

function keptPart(x: unknown): Part | null {
  if (typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x))) return x;
  if (typeof x !== 'object' || x === null) return null;
  const o = x as Record<string, unknown>;
  const one = Object.keys(o).length === 1;
  if (one && Number.isInteger(o.seat)) return { seat: o.seat as number };
  if (one && Number.isInteger(o.you)) return { you: o.you as number };
  if (one && typeof o.card === 'string' && FACE.test(o.card)) return { card: o.card };
  if (one && Array.isArray(o.cards) && o.cards.every((c) => typeof c === 'string' && FACE.test(c))) return { cards: o.cards as string[] };
  if (one && typeof o.colour === 'string' && COLOURS.includes(o.colour as Colour)) return { colour: o.colour as Colour };
  if (one && typeof o.reason === 'string') return { reason: o.reason };
  return keptPhrase(x);
}

/** A card's face as game/cards.ts codes them (`R5`, `B+2`, `W4`, `CX`): what a kept phrase may name. */
const FACE = /^[A-Z0-9+]{1,4}$/;

/** `p` in the words of `w`, seats named from `names`. */
export function phraseText(p: Phrase, names: Names, w: Words): string {
  if ('text' in p) return p.text;
  if ('refusal' in p) return refusalText(p.refusal, w, (seat) => nameOf(names, seat, w));
  if (!p.v) return w.t(p.k);
  const values: Record<string, string | number> = {};
  for (const [name, part] of Object.entries(p.v)) values[name] = partText(part, names, w);
  return w.t(p.k, values);
}

function partText(p: Part, names: Names, w: Words): string | number {
  if (typeof p !== 'object') return p;
  if ('seat' in p) return nameOf(names, p.seat, w);
  if ('you' in p) return youOf(names[p.you]);
  if ('card' in p) return cardName(ofFace(p.card), w);
  if ('cards' in p) return p.cards.map((c) => cardName(ofFace(c), w)).join(', ');
  if ('colour' in p) return colourName(p.colour, w);
  if ('reason' in p) return reasonText(p.reason, w);
  return phraseText(p, names, w);
}

/**
 * `yes` when `name` is the person the words speak to (the default name, "You" or "Toi"): the
 * grammatical second person. A language not loaded is one the reader does not read: its default
 * name is a name like any other to them.
 */
export function youOf(name: string | undefined): 'yes' | 'no' {
  return LANGS.some((l) => catalogueOf(l)?.['you.name'] === name) ? 'yes' : 'no';
}

/**
 * `name` as the reader reads it: a game night's bot is named by the server `Bot N` (a name no
 * person may take, lib/names.ts), and each reader reads it in their own language (`Robot 2`).
 */
export function readerName(name: string, w: Words): string {
  const bot = /^Bot (\d+)$/.exec(name);
  return bot ? w.t('bot.name', { n: Number(bot[1]) }) : name;
}

/** The name of `seat`, or `seat N` for a seat with none. */
export function nameOf(names: Names, seat: number, w: Words): string {
  return names[seat] ?? w.t('seat', { seat });
}

/** `1 card`, `3 cards`, `0 cards`: a count of cards in words. */
export function cardCount(n: number, w: Words): string {
  return w.t('cards.count', { n });
}

/** What a press or a draw gave: `nothing`, `1 card`, `3 cards`. */
const cardsGot = (n: number): Phrase => said('cards.got', { n });

/** Why a launcher is pressed, in words (`Hit 2`, `missed UNO`). */
export function reasonText(reason: string, w: Words): string {
  const key = `reason.${reason}` as Key;
  return key in catalogueOf(w.lang)! ? w.t(key) : reason;
}

/**
 * What a person pressing for `p` is told: why, and how many presses are left
 * (`Hit 2: press 2 more times`), and whom the launcher faces when it is not them.
 */
export function pressPrompt(p: PressRequest, names: Names, w: Words): string {
  const why = p.reason === 'turn' ? w.t('press.why.turn') : reasonText(p.reason, w);
  const left = w.t('press.left', { untilCards: p.untilCards ? 'yes' : 'no', n: p.remaining });
  return p.aimAt !== p.seat ? w.t('press.promptAt', { why, left, at: nameOf(names, p.aimAt, w) }) : w.t('press.prompt', { why, left });
}

/** How a round that nobody went out of ended (game/state.ts, ROUND_MOVE_LIMIT), in every display. */
export function calledOffText(w: Words): string {
  return w.t('round.calledOff', { limit: ROUND_MOVE_LIMIT });
}

/** How a finished round ended, as the round's heading says it: who went out, or that it was called off. */
export function roundEndText(winner: number | null, names: Names, w: Words): string {
  return winner === null ? w.t('round.nobody', { calledOff: calledOffText(w) }) : w.t('round.out', { who: nameOf(names, winner, w), you: youOf(names[winner]) });
}

/** One line for an event, or null for events a person does not need to read. */
export function describeEvent(e: GameEvent, names: Names, pendingReason: string | null, w: Words): string | null {
  const p = eventPhrase(e, pendingReason);
  return p && phraseText(p, names, w);
}

/**
 * The phrase of an event, or null for events a person does not need to read. It names the cards
 * played (on the table for everyone) and counts the others (a press's, a draw's: their taker's
 * alone to see), so it may be sent to every seat.
 */
export function eventPhrase(e: GameEvent, pendingReason: string | null): Phrase | null {
  const who = (seat: number) => ({ seat });
  const you = (seat: number) => ({ you: seat });
  switch (e.type) {
    case 'start':
      return said('event.start', { who: who(e.dealer), card: { card: faceOf(e.card) } });
    case 'play': {
      const cards = { cards: e.cards.map(faceOf) };
      const named = e.colour && e.cards.some((c) => !/^[RYGB]/.test(c));
      return named
        ? said('event.playNamed', { who: who(e.seat), you: you(e.seat), cards, colour: { colour: e.colour! } })
        : said('event.play', { who: who(e.seat), you: you(e.seat), cards });
    }
    case 'press': {
      const why = pendingReason ? said('event.press.why', { reason: { reason: pendingReason } }) : '';
      // Short enough for an 80-column screen with the longest names and reasons: whom it faced says who took the cards.
      const at = e.aimAt !== e.seat ? said('event.press.at', { who: who(e.aimAt) }) : '';
      const half = e.halfOut ?? 0;
      const out = e.cards.length === 0
        ? said('event.press.nothing')
        : half > 0
          ? said('event.press.outHalf', { cards: cardsGot(e.cards.length - half), half, who: who(e.seat) })
          : said('event.press.out', { cards: cardsGot(e.cards.length) });
      return said('event.press', { who: who(e.seat), you: you(e.seat), at, why, out });
    }
    case 'draw':
      return said('event.draw', { who: who(e.seat), you: you(e.seat), cards: cardsGot(e.cards.length) });
    case 'reload':
      return said('event.reload', { n: e.cards.length });
    case 'reshuffle':
      return said('event.reshuffle', { n: e.cards });
    case 'uno':
      return said('event.uno', { who: who(e.seat), you: you(e.seat) });
    case 'caught':
      return said('event.caught', { by: who(e.by), who: who(e.seat), you: you(e.by), you2: you(e.seat) });
    case 'skip':
      return said('event.skip', { who: who(e.seat), you: you(e.seat) });
    case 'direction':
      return said('event.direction', { clockwise: e.direction === 1 ? 'yes' : 'no' });
    case 'colour':
      return said('event.colour', { who: who(e.seat), you: you(e.seat), colour: { colour: e.colour } });
    case 'trade':
      return said('event.trade', { who: who(e.seat), you: you(e.seat), target: who(e.target) });
    case 'rotate':
      return said('event.rotate', { left: e.direction === 1 ? 'yes' : 'no' });
    case 'show':
      return said('event.show');
    case 'challenge':
      return said('event.challenge', { who: who(e.seat), you: you(e.seat), by: who(e.by), you2: you(e.by), legal: e.legal ? 'yes' : 'no' });
    case 'takeBack':
      return said('event.takeBack', { who: who(e.seat), you: you(e.seat), colour: { colour: e.colour } });
    case 'roundOver':
      return said('event.roundOver', { who: who(e.winner), you: you(e.winner) });
    case 'calledOff':
      return said('event.calledOff', { moves: e.moves, calledOff: said('round.calledOff', { limit: ROUND_MOVE_LIMIT }) });
    case 'request':
    case 'turn':
      return null;
  }
}

/**
 * The seat whose UNO call `p` tells (an `uno` event's phrase), else null: a screen that has only
 * the log (a game night's) sees a call, a late one too, by it.
 */
export function unoCaller(p: Phrase): number | null {
  const who = 'k' in p && p.k === 'event.uno' ? p.v?.who : undefined;
  return typeof who === 'object' && 'seat' in who ? who.seat : null;
}

/**
 * The phrases of each move's events, in order. A press event does not say why it was pressed: the
 * request before it did, so the reason of the last press request is remembered here.
 */
export class EventPhrases {
  private reason: string | null = null;

  /** Picks up a round where it is (a resumed save): a press request already pending gives its reason. */
  from(state: GameState): void {
    this.reason = state.pending?.kind === 'press' ? state.pending.reason : null;
  }

  /** The phrases of one move's events (events a person need not read give none). */
  of(events: readonly GameEvent[]): Phrase[] {
    const out: Phrase[] = [];
    for (const e of events) {
      if (e.type === 'request' && e.pending.kind === 'press') this.reason = e.pending.reason;
      const p = eventPhrase(e, e.type === 'press' ? this.reason : null);
      if (p) out.push(p);
    }
    return out;
  }
}

/** The first line of a round's log: its number and its dealer. */
export function roundStartPhrase(round: number, dealer: number): Phrase {
  return said('round.start', { round: round + 1, dealer: { seat: dealer } });
}

/**
 * The start card and what it did, said before the first move of a round (`s`: the round as
 * dealt, its start card applied), by the rule set's start-card table: who plays first, who names
 * the colour, who presses or draws and who is skipped when it counts as the dealer's play.
 */
export function openingLine(s: GameState, names: Names, w: Words): string {
  return phraseText(openingPhrase(s), names, w);
}

/** {@link openingLine} as a phrase. */
export function openingPhrase(s: GameState): Phrase {
  const who = (seat: number) => ({ seat });
  const you = (seat: number) => ({ you: seat });
  const top = s.discard[s.discard.length - 1];
  const start = said('open.start', { card: { card: faceOf(top) } });
  const left = leftOf(s, s.dealer);
  const dealer = said('open.dealer', { who: who(s.dealer) });
  switch (startAction(s.rules, top)) {
    case 'reverse':
      return said('open.reverse', { start, dealer, you: you(s.dealer) });
    case 'wild':
      return said('open.wild', { start, who: who(left), you: you(left) });
    case 'dealerColour':
      return said('open.dealerColour', { start, dealer, you: you(s.dealer), who: who(left), you2: you(left) });
    case 'asDealer': {
      const p = s.pending;
      const as = said('open.as', { start, dealer, you: you(s.dealer) });
      if (p?.kind === 'press') {
        return said('open.press', { as, who: who(p.seat), you: you(p.seat), untilCards: p.untilCards ? 'yes' : 'no', n: p.remaining });
      }
      if (p?.kind === 'colour') return said('open.colour', { as, who: who(p.seat), you: you(p.seat) });
      if (s.turn === left) return said('open.plays', { as, who: who(left), you: you(left) });
      const drew = s.hands[left].length - s.rules.options.handSize;
      return said('open.skipped', { as, who: who(left), you: you(left), drew: Math.max(drew, 0), cards: cardsGot(Math.max(drew, 0)), next: who(s.turn), you2: you(s.turn) });
    }
    default:
      return said('open.default', { start, who: who(left), you: you(left) });
  }
}
