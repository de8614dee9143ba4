/**
 * A new round: rules resolved, the dealer chosen by drawing cards (or given), the deal, the
 * start card and its effect (each rule set's start-card table).
 */
import { Rng, seedRng } from '../lib/rng.ts';
import { buildDeck, card, type CardId } from './cards.ts';
import { draftOf, request, resume, type Draft } from './draft.ts';
import { EFFECTS } from './effects/index.ts';
import { DEFAULT_RULES, ruleSet, RulesError, withOptions, type Options, type Rules, type StartAction } from './rules.ts';
import type { GameEvent, GameState, Pending, Resume } from './state.ts';
import { activeSeats, leftOf, seatsInOrder } from './turn.ts';

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
}

/** The rules a setup names, with its options applied and checked. */
export function resolveRules(rules: string | Rules = DEFAULT_RULES, options?: Partial<Options>): Rules {
  return withOptions(typeof rules === 'string' ? ruleSet(rules) : rules, options);
}

/**
 * Chooses the dealer: every player takes a card from the shuffled deck, the highest number deals
 * (action cards count 0), tied players take another card. Returns the dealer and the cards taken.
 */
export function chooseDealer(rng: Rng, deck: readonly CardId[], seats: readonly number[]): { dealer: number; drawn: CardId[] } {
  let pile = rng.shuffle(deck);
  let at = 0;
  let tied = seats.slice();
  const drawn: CardId[] = [];
  for (;;) {
    if (at + tied.length > pile.length) (pile = rng.shuffle(deck)), (at = 0);
    const values = tied.map(() => {
      const id = pile[at++];
      drawn.push(id);
      return card(id).number ?? 0;
    });
    const best = Math.max(...values);
    tied = tied.filter((_, i) => values[i] === best);
    if (tied.length === 1) return { dealer: tied[0], drawn };
  }
}

function startAction(rules: Rules, id: CardId): StartAction {
  const c = card(id);
  return rules.start[c.kind] ?? (c.colour === null ? 'wild' : 'play');
}

/** A request chain already asks for a colour (Hit-Fire's victim names it). */
function asksColour(p: Pending | null): boolean {
  while (p) {
    if (p.kind === 'colour') return true;
    if (p.kind !== 'press') return false;
    p = 'pending' in p.then ? p.then.pending : null;
  }
  return false;
}

/** Applies the start card (turned up after the deal) by the rule set's table. */
function applyStart(d: Draft, action: StartAction): void {
  const s = d.s;
  const left = leftOf(s, s.dealer);
  const id = s.discard[0];
  switch (action) {
    case 'play':
    case 'redraw':
      return resume(d, { turn: left });
    case 'reverse':
      s.direction = -1;
      d.events.push({ type: 'direction', direction: -1 });
      return resume(d, { turn: s.dealer });
    case 'wild':
      return request(d, { kind: 'colour', seat: left, then: { turn: left } });
    case 'dealerColour':
      return request(d, { kind: 'colour', seat: s.dealer, then: { turn: left } });
    case 'asDealer': {
      const c = card(id);
      EFFECTS[c.kind].apply(d, {
        seat: s.dealer, card: c, colour: s.colour, target: null, goingOut: false, pair: false, stacked: 0,
        kept: [], colourBefore: s.colour,
      });
      if (s.colour === null && !asksColour(s.pending)) {
        const then: Resume = s.pending ? { pending: s.pending } : { turn: s.turn };
        request(d, { kind: 'colour', seat: left, then });
      }
    }
  }
}

/**
 * Decks already built, by deck spec: every round of a simulation deals the same deck, and the ids
 * (a hundred template strings) cost more than the lookup. Rules are plain data that nothing changes
 * in place (withOptions copies), so a spec object always builds the same deck. The array is only read.
 */
const decks = new WeakMap<object, readonly CardId[]>();

function deckOf(rules: Rules): readonly CardId[] {
  let deck = decks.get(rules.deck);
  if (!deck) decks.set(rules.deck, (deck = buildDeck(rules.deck)));
  return deck;
}

/** Deals a new round. Throws a {@link RulesError} naming the field for a setup that cannot be played. */
export function createGame(setup: GameSetup): GameState {
  const rules = resolveRules(setup.rules, setup.options);
  const { players, seed } = setup;
  const round = setup.round ?? 0;
  if (!Number.isInteger(players) || players < 2 || players > 10) throw new RulesError('players: must be a whole number from 2 to 10');
  const out = setup.out?.slice() ?? Array<boolean>(players).fill(false);
  if (out.length !== players) throw new RulesError(`out: must list ${players} seats`);
  const seats = activeSeats({ players, out });
  if (seats.length < 2) throw new RulesError('out: at least two players must be in the round');
  if (rules.options.teams && (players % 2 !== 0 || players < 4 || seats.length !== players)) {
    throw new RulesError('options.teams: partners need 4, 6 or 8 players, all in the round');
  }
  const deck = deckOf(rules);
  const hand = rules.options.handSize;
  if (deck.length < seats.length * hand + 1) {
    throw new RulesError(`deck: ${deck.length} cards cannot deal ${hand} to ${seats.length} players and start a discard pile`);
  }
  const rng = new Rng(seedRng(seed, round));
  let dealer = setup.dealer;
  let dealerDrawn: CardId[] | null = null;
  if (dealer === undefined) ({ dealer, drawn: dealerDrawn } = chooseDealer(rng, deck, seats));
  else if (!seats.includes(dealer)) throw new RulesError(`dealer: seat ${dealer} is not in the round`);
  const supply = rng.shuffle(deck);
  const hands: CardId[][] = Array.from({ length: players }, () => []);
  const order = seatsInOrder({ players, out, direction: 1 }, leftOf({ players, out }, dealer));
  let at = 0;
  for (let i = 0; i < hand; i++) for (const seat of order) hands[seat].push(supply[at++]);
  let rest = supply.slice(at);
  // Start cards that go back: into the deck at a random place, and the next one is turned.
  let top = rest[0];
  for (let tries = 0; startAction(rules, top) === 'redraw' && tries < deck.length; tries++) {
    rest = rest.slice(1);
    rest.splice(rng.int(rest.length + 1), 0, top);
    top = rest[0];
  }
  const state: GameState = {
    schema: 1, rules, seed, round, players, rng: rng.state(), out, dealer, dealerDrawn, hands,
    discard: [top], supply: rest.slice(1), colour: card(top).colour, direction: 1, turn: dealer, pending: null,
    uno: null, shown: false, scores: setup.scores ?? null, moves: 0, log: setup.log === false ? null : [], winner: null,
  };
  return turnUp(state).state;
}

/**
 * Applies the start card of a dealt round (`discard[0]`, colour and turn not yet decided) by
 * the rule set's table. `createGame` ends with it; tests call it on rigged deals.
 */
export function turnUp(dealt: GameState): { state: GameState; events: GameEvent[] } {
  const d = draftOf(dealt);
  const top = dealt.discard[0];
  d.s.colour = card(top).colour;
  d.events.push({ type: 'start', card: top, dealer: dealt.dealer });
  applyStart(d, startAction(dealt.rules, top));
  return { state: d.s, events: d.events };
}
