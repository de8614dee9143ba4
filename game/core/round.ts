/**
 * The round as the rules work on it: a {@link GameState} whose cards are serials (small
 * integers, {@link Card.serial}) instead of ids, so that a hand, the discard pile and the supply
 * are arrays of numbers and a card's kind, colour, face or points is an array read. Everything
 * that changes a round (the draft, the effects, listing moves, the runner) works on a Round; the
 * readable boundary (GameState as JSON, moves, events, saves, positions) keeps card ids, and
 * {@link roundOf} and {@link stateOf} are the one conversion each way.
 */
import { card, cardAt, idAt, idsAt, serialsOf, type Card } from '../cards.ts';
import type { GameState, Pending, Resume } from '../state.ts';

/** {@link Pending} inside a round: the drawn card as a serial. */
export type RoundPending = Pending<number>;

/** {@link Resume} inside a round. */
export type RoundResume = Resume<number>;

/** A round in play: {@link GameState} with its cards as serials. */
export interface Round extends Omit<GameState, 'hands' | 'discard' | 'supply' | 'pending'> {
  hands: number[][];
  /** Bottom first: the last card is the top card. */
  discard: number[];
  /** Launcher or draw pile, next card out first. */
  supply: number[];
  pending: RoundPending | null;
  /**
   * Turns begun (each time play resumes with a seat's turn) since this round in play was made
   * (dealt, {@link roundOf}) or a runner began playing it, which sets it to 0: what a counter on
   * the hot path reads (a simulation), where no `turn` event is built. Not part of the state.
   */
  turns: number;
}

/** A request chain holds a drawn card (the only card a request names). */
function namesCard(p: Pending | RoundPending): boolean {
  for (let q: Pending | RoundPending | null = p; q; q = q.kind === 'press' || q.kind === 'colour' ? ('pending' in q.then ? q.then.pending : null) : null) {
    if (q.kind === 'drawn') return true;
  }
  return false;
}

/** A request of a state, inside a round: shared as it is unless it names a card. */
export function pendingOf(p: Pending | null): RoundPending | null {
  if (p === null || !namesCard(p)) return p as RoundPending | null;
  if (p.kind === 'drawn') return { kind: 'drawn', seat: p.seat, card: card(p.card).serial };
  if (p.kind !== 'press' && p.kind !== 'colour') return p;
  return { ...p, then: 'pending' in p.then ? { pending: pendingOf(p.then.pending)! } : p.then };
}

/** A request of a round, with card ids: shared as it is unless it names a card. */
export function pendingState(p: RoundPending | null): Pending | null {
  if (p === null || !namesCard(p)) return p as Pending | null;
  if (p.kind === 'drawn') return { kind: 'drawn', seat: p.seat, card: idAt(p.card) };
  if (p.kind !== 'press' && p.kind !== 'colour') return p;
  return { ...p, then: 'pending' in p.then ? { pending: pendingState(p.then.pending)! } : p.then };
}

/** A state or a round: the fields they share as they are. */
type Shared = Omit<GameState, 'hands' | 'discard' | 'supply' | 'pending' | 'log'>;

/**
 * `s`'s fields, with the cards, the request and the log given: every field of a state, written
 * out once, in GameState's order (JSON records keep it), in one literal (faster than a spread).
 */
function withCards<C, P>(s: Shared, hands: C[][], discard: C[], supply: C[], pending: P, log: GameState['log']) {
  return {
    schema: s.schema, rules: s.rules, seed: s.seed, round: s.round, players: s.players, rng: s.rng, out: s.out,
    dealer: s.dealer, dealerDrawn: s.dealerDrawn, hands, discard, supply, colour: s.colour, direction: s.direction,
    turn: s.turn, pending, uno: s.uno, shown: s.shown, scores: s.scores, moves: s.moves, log, winner: s.winner, position: s.position,
    calledOff: s.calledOff,
  };
}

/**
 * The round of a state, sharing no array that a move changes (hands, discard, supply, log): what
 * a draft may change in place while `s` stays as it was. Throws on a malformed card id (a state
 * is checked where it comes from a person or a file).
 */
export function roundOf(s: GameState): Round {
  const r: Round = withCards(s, s.hands.map(serialsOf), serialsOf(s.discard), serialsOf(s.supply), pendingOf(s.pending), s.log && s.log.slice()) as Round;
  r.turns = 0;
  return r;
}

/**
 * The state of a round, with card ids. Its cards are arrays of its own; it shares the round's log
 * unless `ownLog` (a state that must stay as it was while the round is played on).
 */
export function stateOf(r: Round, ownLog = false): GameState {
  return withCards(r, r.hands.map(idsAt), idsAt(r.discard), idsAt(r.supply), pendingState(r.pending), ownLog && r.log ? r.log.slice() : r.log);
}

/** The top card of the discard pile. */
export function topOf(r: Round): Card {
  return cardAt(r.discard[r.discard.length - 1]);
}
