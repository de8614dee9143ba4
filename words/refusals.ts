/**
 * A refused move in words (game/state.ts, Refusal): the rule's key, its parameters worded (seats
 * by name, cards by name, colours and kinds in the language) and the message formatted. The
 * engine's own `message` is this in English with seats named `seat N`.
 */
import { wordRefusalsWith } from '../game/play.ts';
import type { Refusal, Waiting } from '../game/state.ts';
import { aCard, cardName, colourName, kindName } from './cards.ts';
import { EN_WORDS, type Key, type Values, type Words } from './catalogue.ts';

/** How seats are named: a front end's players' names, or `seat N`. */
export type SeatName = (seat: number) => string;

/** `seat N`, as the library's messages name seats. */
export const seatNumber = (w: Words): SeatName => (seat) => w.t('seat', { seat });

/** What a request waits for, in words. */
export function waitingText(p: Waiting, w: Words, who: SeatName): string {
  switch (p.kind) {
    case 'press': {
      const reason = w.t(`reason.${p.reason}` as Key);
      return p.seat === p.aimAt
        ? w.t('waiting.press', { who: who(p.seat), reason })
        : w.t('waiting.pressAt', { who: who(p.seat), at: who(p.aimAt), reason });
    }
    case 'stack':
      return w.t('waiting.stack', { who: who(p.seat), total: p.total });
    default:
      return w.t(`waiting.${p.kind}` as Key, { who: who(p.seat) });
  }
}

/** The refusal `r` in the words of `w`, seats named by `who`. */
export function refusalText(r: Refusal, w: Words, who: SeatName): string {
  const v: Record<string, string | number> = {};
  switch (r.why) {
    case 'round-over':
    case 'match-over':
      v.winner = who(r.winner);
      break;
    case 'round-called-off':
      v.moves = r.moves;
      break;
    case 'not-a-seat':
      v.seat = r.seat;
      break;
    case 'turn-of':
    case 'nothing-to-call':
      v.who = who(r.seat);
      break;
    case 'waiting':
      v.waiting = waitingText(r.waiting, w, who);
      v.mine = r.mine ? 'yes' : 'no';
      break;
    case 'not-a-colour':
      v.value = r.value;
      break;
    case 'cannot-catch':
      v.target = r.target;
      v.uno = who(r.uno);
      break;
    case 'unknown-move':
      v.type = r.type;
      break;
    case 'not-in-hand':
      v.who = who(r.seat);
      v.card = r.card;
      break;
    case 'stack-only':
      v.kinds = new Intl.ListFormat(w.lang, { type: 'disjunction' }).format(r.kinds.map((k) => kindName(k, w)));
      v.total = r.total;
      break;
    case 'play-again-only':
      v.colour = colourName(r.colour, w);
      break;
    case 'drawn-only':
      v.card = cardName(r.card, w);
      break;
    case 'no-match':
      v.card = aCard(r.card, w);
      v.top = aCard(r.top, w, r.colour);
      break;
    case 'needs-colour':
    case 'names-no-colour':
    case 'needs-target':
    case 'takes-no-target':
      v.card = cardName(r.card, w);
      break;
    case 'not-a-pair':
      v.card = cardName(r.card, w);
      v.also = r.also;
      break;
    case 'uno-not-called':
      v.rules = r.rules;
      break;
    case 'half-out':
      v.max = r.max;
      v.got = r.got;
      break;
    case 'too-many-out':
      v.count = r.count;
      v.held = r.held;
      break;
    case 'wrong-card-out':
      v.index = r.index;
      v.got = r.got;
      v.expected = r.expected;
      break;
  }
  return w.t(`refuse.${r.why}` as Key, v as Values);
}

/** A refusal in English, seats named `seat N`: a MoveError's `message`. */
export function refusalMessage(r: Refusal): string {
  return refusalText(r, EN_WORDS, seatNumber(EN_WORDS));
}

wordRefusalsWith(refusalMessage);
