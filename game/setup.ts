/**
 * A new round: rules resolved, the dealer chosen by drawing cards (or given), the deal, the
 * start card and its effect (each rule set's start-card table).
 */
import { Rng, seedRng, type RngState } from '../lib/rng.ts';
import { cardAt, deckSerialsOf, idsAt, serialsOf, type CardId } from './cards.ts';
import { roundOf, stateOf, type Round } from './core/round.ts';
import { createFromPosition, parsePosition, type PositionError } from './position.ts';
import { resolveRules, RulesError, type Options, type Rules } from './rules.ts';
import { startActionOf, turnUpRound } from './start.ts';
import { said, withSaid, type Said } from '../words/said.ts';
import type { GameState } from './state.ts';
import { activeSeats, leftOf, seatsInOrder, tableProblem } from './turn.ts';

/**
 * The launcher's stream of a game seed, apart from the deals' (`seedRng(seed, round)`, at most a
 * few hundred rounds): a simulated game's launcher draws from `launcherRng(seed, round)`, a
 * played match's from `launcherRng(seed)`, carried from round to round.
 */
export const LAUNCHER_STREAM = 0x1a;

/** The generator of the launcher of `seed` (see {@link LAUNCHER_STREAM}). */
export function launcherRng(seed: number | string, ...path: number[]): RngState {
  return seedRng(seed, LAUNCHER_STREAM, ...path);
}

export { resolveRules } from './rules.ts';

/** What a round is created from. Plain data: a save file stores it. */
export interface GameSetup {
  /** A rule set name (default `extreme`) or complete rules (a custom rule file). */
  rules?: string | Rules;
  /** Options changed from the rule set's. */
  options?: Partial<Options>;
  /** Seats, 2..10. */
  players: number;
  seed: number | string;
  /** The round's number in its match: round r draws from `seedRng(seed, r)`. */
  round?: number;
  /** The dealer; when absent every player draws a card and the highest number deals. */
  dealer?: number;
  /** Seats that are out of the match. */
  out?: boolean[];
  /** Running totals of the match, for bots and displays. */
  scores?: number[] | null;
  /** Keep the move log in the state (save files need it); default true. */
  log?: boolean;
  /**
   * A round set up from a position (its text form, {@link positionOf}) instead of dealt: the
   * rules, seed and scores come from this setup, the rest from the position.
   */
  position?: string;
}

/**
 * Chooses the dealer: every player takes a card from the shuffled deck, the highest number deals
 * (action cards count 0), tied players take another card. Returns the dealer and the cards taken.
 */
export function chooseDealer(rng: Rng, deck: readonly CardId[], seats: readonly number[]): { dealer: number; drawn: CardId[] } {
  const { dealer, drawn } = dealerOf(rng, serialsOf(deck), seats);
  return { dealer, drawn: idsAt(drawn) };
}

/**
 * {@link chooseDealer} on the deck as serials, as a deal holds it: the same shuffles, position
 * for position, so the same dealer and cards (as serials), with no card id looked up.
 */
function dealerOf(rng: Rng, deck: readonly number[], seats: readonly number[]): { dealer: number; drawn: number[] } {
  let pile = rng.shuffle(deck);
  let at = 0;
  let tied: readonly number[] = seats;
  const drawn: number[] = [];
  for (;;) {
    if (at + tied.length > pile.length) (pile = rng.shuffle(deck)), (at = 0);
    // The cards this draw took are drawn[from..]: read again for the tied seats, no array of values.
    const from = drawn.length;
    let best = -1;
    for (let i = 0; i < tied.length; i++) {
      const n = pile[at++];
      drawn.push(n);
      const value = cardAt(n).number ?? 0;
      if (value > best) best = value;
    }
    const next: number[] = [];
    for (let i = 0; i < tied.length; i++) if ((cardAt(drawn[from + i]).number ?? 0) === best) next.push(tied[i]);
    if (next.length === 1) return { dealer: next[0], drawn };
    tied = next;
  }
}

/** Deals a new round. Throws a {@link RulesError} naming the field for a setup that cannot be played. */
export function createGame(setup: GameSetup): GameState {
  const rules = resolveRules(setup.rules, setup.options);
  return setup.position !== undefined ? fromSetupPosition(setup, rules, setup.position) : stateOf(deal(setup, rules));
}

/**
 * {@link createGame}'s round as a round in play (game/core/round.ts), for a runner that plays it
 * at once ({@link runRoundIn}): dealt as serials, never written as card ids and read back.
 */
export function dealRound(setup: GameSetup): Round {
  const rules = resolveRules(setup.rules, setup.options);
  return setup.position !== undefined ? roundOf(fromSetupPosition(setup, rules, setup.position)) : deal(setup, rules);
}

/** The deal of a setup that names no position, with its rules resolved. */
function deal(setup: GameSetup, rules: Rules): Round {
  const { players, seed } = setup;
  const round = setup.round ?? 0;
  // No array of a length that is not a seat count: tableProblem names the players field first.
  const out = setup.out?.slice() ?? Array<boolean>(Number.isInteger(players) && players >= 2 && players <= 10 ? players : 0).fill(false);
  const problem = tableProblem(rules, players, out);
  if (problem) throw setupError(problem.field, problem.what, problem.why);
  const seats = activeSeats({ players, out });
  const deck = deckSerialsOf(rules.deck);
  const hand = rules.options.handSize;
  if (deck.length < seats.length * hand + 1) {
    const what = `${deck.length} cards cannot deal ${hand} to ${seats.length} players and start a discard pile`;
    throw setupError('deck', what, said('reason.setup.deck', { cards: deck.length, hand, players: seats.length }));
  }
  const rng = new Rng(seedRng(seed, round));
  let dealer = setup.dealer;
  let dealerDrawn: CardId[] | null = null;
  if (dealer === undefined) {
    const chosen = dealerOf(rng, deck, seats);
    dealer = chosen.dealer;
    dealerDrawn = idsAt(chosen.drawn);
  } else if (!seats.includes(dealer)) throw setupError('dealer', `seat ${dealer} is not in the round`, said('reason.setup.dealer', { seat: dealer }));
  // Dealt as serials (game/core/round.ts): the same shuffle as of the ids, position for position.
  const supply = rng.shuffle(deck);
  const hands: number[][] = [];
  for (let seat = 0; seat < players; seat++) hands.push([]);
  const order = seatsInOrder({ players, out, direction: 1 }, leftOf({ players, out }, dealer));
  let at = 0;
  for (let i = 0; i < hand; i++) for (const seat of order) hands[seat].push(supply[at++]);
  // The undealt cards are supply[at..], the start card first. One that goes back goes into the
  // rest of the deck at a random place (of rest.length + 1, the rest counted without it), and
  // the next one is turned: moved in place, the rest copied once, as the round's supply.
  let top = supply[at];
  for (let tries = 0; startActionOf(rules, cardAt(top)) === 'redraw' && tries < deck.length; tries++) {
    const place = rng.int(supply.length - at);
    supply.copyWithin(at, at + 1, at + 1 + place);
    supply[at + place] = top;
    top = supply[at];
  }
  const dealt: Round = {
    schema: 1, rules, seed, round, players, rng: rng.state(), out, dealer, dealerDrawn, hands,
    discard: [top], supply: supply.slice(at + 1), colour: cardAt(top).colour, direction: 1, turn: dealer, pending: null,
    uno: null, shown: false, scores: setup.scores ?? null, moves: 0, log: setup.log === false ? null : [], winner: null, turns: 0,
  };
  // Its events are not returned: none but what a round's loop needs is built.
  turnUpRound(dealt, false);
  return dealt;
}

/**
 * A setup's `field` that cannot be played: `what` in English (as the catalogue's `reason.setup.*`
 * words it, test/words/setup-words.test.ts holds the two the same), `why` for the reader's language.
 */
function setupError(field: string, what: string, why: Said | string): RulesError {
  return withSaid(new RulesError(`${field}: ${what}`), said('reason.setup.field', { field, why }));
}

/** A setup's position that cannot be played: a problem of the whole text is the setup's field's own, named once. */
function positionError(e: PositionError): RulesError {
  return e.field === 'position' ? setupError('position', e.what, e.why) : setupError('position', e.message, e.said);
}

/** A round set up from a setup's position text (a save of such a round replays from it). */
function fromSetupPosition(setup: GameSetup, rules: Rules, text: string): GameState {
  const parsed = parsePosition(text);
  if (!parsed.ok) throw positionError(parsed.error);
  const { options: _, ...position } = parsed.position;
  if (position.hands.length !== setup.players) {
    const what = `its hands are for ${position.hands.length} seats, the setup's players ${setup.players}`;
    throw setupError('position', what, said('reason.setup.seats', { hands: position.hands.length, players: setup.players }));
  }
  const r = createFromPosition({ ...position, rules, seed: setup.seed, round: setup.round, scores: setup.scores, log: setup.log });
  if (!r.ok) throw positionError(r.error);
  return r.state;
}
