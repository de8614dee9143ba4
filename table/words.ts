/**
 * Game events in plain words, as a person at the table would say them, in the reader's language:
 * the events are data (game/state.ts, GameEvent) and every sentence is a message of the catalogue
 * (words/en.ts, words/fr.ts) given the event's fields, worded (names, cards, colours, counts).
 */
import { ROUND_MOVE_LIMIT, type GameEvent, type GameState, type PressRequest } from '../game/index.ts';
import { startAction } from '../game/start.ts';
import { leftOf } from '../game/turn.ts';
import { cardName, colourName } from '../words/cards.ts';
import { CATALOGUES, LANGS, type Key, type Words } from '../words/catalogue.ts';

export type { Words } from '../words/catalogue.ts';

/** Names of the seats, by seat. */
export type Names = readonly string[];

/** `yes` when `name` is the person the words speak to (the default name, "You" or "Toi"): the grammatical second person. */
export function youOf(name: string | undefined): 'yes' | 'no' {
  return LANGS.some((l) => CATALOGUES[l]['you.name'] === name) ? 'yes' : 'no';
}

/** The name of `seat`, or `seat N` for a seat with none. */
export function nameOf(names: Names, seat: number, w: Words): string {
  return names[seat] ?? w.t('seat', { seat });
}

/** `1 card`, `3 cards`, `0 cards`: a count of cards in words. */
export function cardCount(n: number, w: Words): string {
  return w.t('cards.count', { n });
}

/** What a press or a draw gave, in words: `nothing`, `1 card`, `3 cards`. */
function cardsGot(n: number, w: Words): string {
  return w.t('cards.got', { n });
}

/** Why a launcher is pressed, in words (`Hit 2`, `missed UNO`). */
export function reasonText(reason: string, w: Words): string {
  const key = `reason.${reason}` as Key;
  return key in CATALOGUES[w.lang] ? w.t(key) : reason;
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
  const who = (seat: number) => nameOf(names, seat, w);
  const you = (seat: number) => youOf(names[seat]);
  switch (e.type) {
    case 'start':
      return w.t('event.start', { who: who(e.dealer), card: cardName(e.card, w) });
    case 'play': {
      const cards = e.cards.map((c) => cardName(c, w)).join(', ');
      const named = e.colour && e.cards.some((c) => !/^[RYGB]/.test(c));
      return named
        ? w.t('event.playNamed', { who: who(e.seat), you: you(e.seat), cards, colour: colourName(e.colour!, w) })
        : w.t('event.play', { who: who(e.seat), you: you(e.seat), cards });
    }
    case 'press': {
      const why = pendingReason ? w.t('event.press.why', { reason: reasonText(pendingReason, w) }) : '';
      // Short enough for an 80-column screen with the longest names and reasons: whom it faced says who took the cards.
      const at = e.aimAt !== e.seat ? w.t('event.press.at', { who: who(e.aimAt) }) : '';
      const half = e.halfOut ?? 0;
      const out = e.cards.length === 0
        ? w.t('event.press.nothing')
        : half > 0
          ? w.t('event.press.outHalf', { cards: cardsGot(e.cards.length - half, w), half, who: who(e.seat) })
          : w.t('event.press.out', { cards: cardsGot(e.cards.length, w) });
      return w.t('event.press', { who: who(e.seat), you: you(e.seat), at, why, out });
    }
    case 'draw':
      return w.t('event.draw', { who: who(e.seat), you: you(e.seat), cards: cardsGot(e.cards.length, w) });
    case 'reload':
      return w.t('event.reload', { n: e.cards.length });
    case 'reshuffle':
      return w.t('event.reshuffle', { n: e.cards });
    case 'uno':
      return w.t('event.uno', { who: who(e.seat), you: you(e.seat) });
    case 'caught':
      return w.t('event.caught', { by: who(e.by), who: who(e.seat), you: you(e.by), you2: you(e.seat) });
    case 'skip':
      return w.t('event.skip', { who: who(e.seat), you: you(e.seat) });
    case 'direction':
      return w.t('event.direction', { clockwise: e.direction === 1 ? 'yes' : 'no' });
    case 'colour':
      return w.t('event.colour', { who: who(e.seat), you: you(e.seat), colour: colourName(e.colour, w) });
    case 'trade':
      return w.t('event.trade', { who: who(e.seat), you: you(e.seat), target: who(e.target) });
    case 'rotate':
      return w.t('event.rotate', { left: e.direction === 1 ? 'yes' : 'no' });
    case 'show':
      return w.t('event.show');
    case 'challenge':
      return w.t('event.challenge', { who: who(e.seat), you: you(e.seat), by: who(e.by), you2: you(e.by), legal: e.legal ? 'yes' : 'no' });
    case 'takeBack':
      return w.t('event.takeBack', { who: who(e.seat), you: you(e.seat), colour: colourName(e.colour, w) });
    case 'roundOver':
      return w.t('event.roundOver', { who: who(e.winner), you: you(e.winner) });
    case 'calledOff':
      return w.t('event.calledOff', { moves: e.moves, calledOff: calledOffText(w) });
    case 'request':
    case 'turn':
      return null;
  }
}

/**
 * The lines of each move's events, in order. A press event does not say why it was pressed: the
 * request before it did, so the reason of the last press request is remembered here.
 */
export class EventWords {
  private reason: string | null = null;

  constructor(private readonly names: Names, private readonly w: Words) {}

  /** Picks up a round where it is (a resumed save): a press request already pending gives its reason. */
  from(state: GameState): void {
    this.reason = state.pending?.kind === 'press' ? state.pending.reason : null;
  }

  /** The lines of one move's events (events a person need not read give none). */
  lines(events: readonly GameEvent[]): string[] {
    const out: string[] = [];
    for (const e of events) {
      if (e.type === 'request' && e.pending.kind === 'press') this.reason = e.pending.reason;
      const line = describeEvent(e, this.names, e.type === 'press' ? this.reason : null, this.w);
      if (line) out.push(line);
    }
    return out;
  }
}

/** The first line of a round's log. */
export function roundStartLine(round: number, dealer: string, w: Words): string {
  return w.t('round.start', { round: round + 1, dealer });
}

/**
 * The start card and what it did, said before the first move of a round (`s`: the round as
 * dealt, its start card applied), by the rule set's start-card table: who plays first, who names
 * the colour, who presses or draws and who is skipped when it counts as the dealer's play.
 */
export function openingLine(s: GameState, names: Names, w: Words): string {
  const who = (seat: number) => nameOf(names, seat, w);
  const you = (seat: number) => youOf(names[seat]);
  const top = s.discard[s.discard.length - 1];
  const start = w.t('open.start', { card: cardName(top, w) });
  const left = leftOf(s, s.dealer);
  const dealer = w.t('open.dealer', { who: who(s.dealer) });
  switch (startAction(s.rules, top)) {
    case 'reverse':
      return w.t('open.reverse', { start, dealer, you: you(s.dealer) });
    case 'wild':
      return w.t('open.wild', { start, who: who(left), you: you(left) });
    case 'dealerColour':
      return w.t('open.dealerColour', { start, dealer, you: you(s.dealer), who: who(left), you2: you(left) });
    case 'asDealer': {
      const p = s.pending;
      const as = w.t('open.as', { start, dealer, you: you(s.dealer) });
      if (p?.kind === 'press') {
        return w.t('open.press', { as, who: who(p.seat), you: you(p.seat), untilCards: p.untilCards ? 'yes' : 'no', n: p.remaining });
      }
      if (p?.kind === 'colour') return w.t('open.colour', { as, who: who(p.seat), you: you(p.seat) });
      if (s.turn === left) return w.t('open.plays', { as, who: who(left), you: you(left) });
      const drew = s.hands[left].length - s.rules.options.handSize;
      return w.t('open.skipped', { as, who: who(left), you: you(left), drew: Math.max(drew, 0), cards: cardsGot(Math.max(drew, 0), w), next: who(s.turn), you2: you(s.turn) });
    }
    default:
      return w.t('open.default', { start, who: who(left), you: you(left) });
  }
}
