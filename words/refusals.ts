/**
 * A refused move in words (game/state.ts, Refusal): the rule's key, its parameters worded (seats
 * by name, cards by name, colours and kinds in the language) and the message formatted. The
 * engine's own `message` is this in English with seats named `seat N`.
 */
import { wordRefusalsWith } from '../game/play.ts';
import type { Refusal, Waiting } from '../game/state.ts';
import { aCard, cardName, colourName, kindName } from './cards.ts';
import { EN_WORDS, orList, type Key, type Values, type Words } from './catalogue.ts';

/** How seats are named: a front end's players' names, or `seat N`. */
export type SeatName = (seat: number) => string;

/** `seat N`, as the library's messages name seats. */
const seatNumber = (w: Words): SeatName => (seat) => w.t('seat', { seat });

/** What a request waits for, in words. */
function waitingText(p: Waiting, w: Words, who: SeatName): string {
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
  // Its parameters as they are (counts, numbers, what a person typed); seats, cards, colours and
  // kinds worded below.
  const { why, ...given } = r;
  const v = given as Record<string, unknown>;
  switch (r.why) {
    case 'round-over':
    case 'match-over':
      v.winner = who(r.winner);
      break;
    case 'turn-of':
    case 'nothing-to-call':
      v.who = who(r.seat);
      break;
    case 'waiting':
      v.waiting = waitingText(r.waiting, w, who);
      v.mine = r.mine ? 'yes' : 'no';
      break;
    case 'cannot-catch':
      v.uno = who(r.uno);
      break;
    case 'not-in-hand':
      v.who = who(r.seat);
      break;
    case 'stack-only':
      v.kinds = orList(w, r.kinds.map((k) => kindName(k, w)));
      break;
    case 'play-again-only':
      v.colour = colourName(r.colour, w);
      break;
    case 'no-match':
      v.card = aCard(r.card, w);
      v.top = aCard(r.top, w, r.colour);
      break;
    case 'drawn-only':
    case 'needs-colour':
    case 'names-no-colour':
    case 'needs-target':
    case 'takes-no-target':
    case 'not-a-pair':
      v.card = cardName(r.card, w);
      break;
  }
  return w.t(`refuse.${why}` as Key, v as Values);
}

/** The refusal `r` in the words of `w`, seats named `seat N` (a save's move that does not replay). */
export function refusalIn(r: Refusal, w: Words): string {
  return refusalText(r, w, seatNumber(w));
}

/** A refusal in English, seats named `seat N`: a MoveError's `message`. */
export function refusalMessage(r: Refusal): string {
  return refusalIn(r, EN_WORDS);
}

wordRefusalsWith(refusalMessage);
