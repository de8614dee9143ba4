/**
 * A room's refusal: what a client asked that cannot be done, said to it alone (as a phrase, worded
 * by the client in its reader's language), nothing else done.
 */
import { phraseText, said, type Part, type Phrase } from '../table/words.ts';
import { EN_WORDS, type Key } from '../words/catalogue.ts';
// The rooms' own words (what a room refuses and notes), for every room's module: each imports this one.
import '../words/rooms.ts';

/** A refusal: said to the client that asked, nothing else done. Its message is the phrase in English, for a log. */
export class Refused extends Error {
  constructor(readonly why: Phrase) {
    super(phraseText(why, [], EN_WORDS));
  }
}

/** The refusal of catalogue key `k` with `v`. */
export const no = (k: Key, v?: Readonly<Record<string, Part>>) => new Refused(said(k, v));

/**
 * One refusal for a code that names no room, a room that has started (to one who holds no seat
 * in it) and a token that is not the room's: which of these it was would tell a stranger that a
 * code is a room's.
 */
export function notHere(code: unknown): Refused {
  const shown = typeof code === 'string' ? code.trim().toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 16) : '';
  return no('room.no.notHere', { code: shown });
}
