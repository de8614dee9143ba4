/**
 * A round set up from a position instead of dealt: hands, discard pile, supply order, whose turn,
 * dealer, direction, current colour and an optional pending request, checked against the rule
 * set (every card of its deck exactly once, requests that fit the table). For tests, bug reports
 * and puzzles; {@link positionOf} and {@link parsePosition} give it a one-line text form.
 *
 * ```ts
 * const r = createFromPosition({ rules: 'extreme', hands: [['R5', 'W'], ['G2', 'B3']], discard: ['R3'], supply: ['*'], dealer: 1 });
 * if (r.ok) legalMoves(r.state);            // else r.error.message: `hands[0][1]: …`
 * ```
 */
import { seedRng, type RngState } from '../lib/rng.ts';
import { COLOURS, deckOf, parseCode, type CardId, type Colour } from './cards.ts';
import { checkPending } from './positionCheck.ts';
import { positionOf } from './positionText.ts';
import { resolveRules, RulesError, type Options, type Rules } from './rules.ts';
import { startAction, turnUp } from './start.ts';
import type { GameEvent, GameState, Pending } from './state.ts';
import { activeSeats, isSeat, leftOf, tableProblem } from './turn.ts';

import { parsePosition } from './positionText.ts';

export { parsePosition, positionOf, type ParsedPosition } from './positionText.ts';

/**
 * A position. Cards are written as ids (`R5#2`) or codes (`R5`: the code's lowest serial that
 * the position does not place elsewhere, in the order hands, discard, supply); one `*` in any
 * list stands for every card of the deck not placed, in deck order.
 */
export interface Position {
  /** A rule set's name (default `extreme`) or complete rules. */
  rules?: string | Rules;
  /** Options changed from the rule set's. */
  options?: Partial<Options>;
  /** One list per seat. */
  hands: readonly (readonly string[])[];
  /** Seats out of the match (their hands are empty). */
  out?: readonly boolean[];
  /** Bottom first: the last card is the top card. */
  discard: readonly string[];
  /** Launcher or draw pile, next card out first (default: empty). */
  supply?: readonly string[];
  /** The dealer (default: the last seat). */
  dealer?: number;
  /** Whose turn it is (default: left of the dealer). */
  turn?: number;
  direction?: 1 | -1;
  /** Current colour (default: the top card's; null only while a colour request is pending). */
  colour?: Colour | null;
  pending?: Pending | null;
  /** The seat that missed UNO and may be caught. */
  uno?: number | null;
  /** Hands are visible to all (Show Hands). */
  shown?: boolean;
  /** The game's random stream (default: drawn from `seed` and `round`). */
  rng?: RngState;
  /** Default `position`. */
  seed?: number | string;
  round?: number;
  scores?: number[] | null;
  /** Keep the move log (save files need it); default true. */
  log?: boolean;
}

/** What is wrong with a position: the field (`hands[1][3]`, `pending.aimAt`) and a sentence. */
export interface PositionError {
  field: string;
  message: string;
}

/** The outcome of {@link createFromPosition}: the round and the start card's events, or the first problem. */
export type PositionResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: PositionError };

/** How {@link createFromPosition} sets the round up. */
export interface PositionOptions {
  /**
   * The top card was just turned up after the deal: the rule set's start-card rule applies (and
   * its events are returned); the position gives no turn, colour, request or UNO then.
   */
  turnUp?: boolean;
}

function fail(field: string, what: string): { ok: false; error: PositionError } {
  return { ok: false, error: { field, message: `${field}: ${what}` } };
}

type Lists = { field: string; tokens: readonly string[] }[];

/** The ids the lists' tokens name, every card of `deck` once; or what is wrong. */
function placeCards(lists: Lists, deck: readonly CardId[], deckName: string): CardId[][] | { ok: false; error: PositionError } {
  const inDeck = new Set(deck);
  const placed = new Set<CardId>();
  const bySerial = new Map<string, CardId[]>();
  for (const id of deck) {
    const code = id.slice(0, id.indexOf('#'));
    bySerial.set(code, [...(bySerial.get(code) ?? []), id]);
  }
  // Ids first, so that a code takes a serial no id claims, wherever the id stands.
  for (const { field, tokens } of lists) {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (typeof t !== 'string') return fail(`${field}[${i}]`, `${JSON.stringify(t)} is not a card: write a code like R5 or an id like R5#2`);
      if (!t.includes('#')) continue;
      if (!inDeck.has(t)) {
        const code = t.slice(0, t.indexOf('#'));
        return fail(`${field}[${i}]`, parseCode(code) && bySerial.has(code)
          ? `${t}: the ${deckName} deck has ${code}#1 to ${code}#${bySerial.get(code)!.length}`
          : `${t} is not a card of the ${deckName} deck`);
      }
      if (placed.has(t)) return fail(`${field}[${i}]`, `${t} is placed twice: every card is in one place`);
      placed.add(t);
    }
  }
  const out: CardId[][] = [];
  let rest: { list: number; at: number } | null = null;
  for (const { field, tokens } of lists) {
    const ids: CardId[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.includes('#')) ids.push(t);
      else if (t === '*') {
        if (rest) return fail(`${field}[${i}]`, 'only one * (the rest of the deck) in a position');
        rest = { list: out.length, at: ids.length };
      } else {
        if (!parseCode(t)) return fail(`${field}[${i}]`, `${t} is not a card code: R5, G+2, YS, W, W4, CX, …`);
        const free = bySerial.get(t)?.find((id) => !placed.has(id));
        if (!free) {
          const n = bySerial.get(t)?.length ?? 0;
          return fail(`${field}[${i}]`, n === 0 ? `${t} is not in the ${deckName} deck` : `one ${t} too many: the ${deckName} deck has ${n}`);
        }
        placed.add(free);
        ids.push(free);
      }
    }
    out.push(ids);
  }
  const missing = deck.filter((id) => !placed.has(id));
  if (rest) out[rest.list].splice(rest.at, 0, ...missing);
  else if (missing.length > 0) {
    const some = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ', …' : '');
    return fail('cards', `${missing.length} card${missing.length > 1 ? 's' : ''} of the ${deckName} deck ${missing.length > 1 ? 'are' : 'is'} not placed (${some}): place every card, or put * (the rest of the deck) in the supply`);
  }
  return out;
}

function isFailure(x: unknown): x is { ok: false; error: PositionError } {
  return typeof x === 'object' && x !== null && 'ok' in x && (x as { ok: unknown }).ok === false;
}

/**
 * Builds a round from a position, checked: `{ ok: true, state, events }` (the events of the start
 * card with `turnUp`, else none) or `{ ok: false, error }` naming the field that is wrong. The
 * round saves and loads like a dealt one (the save replays from {@link GameState.position}).
 */
export function createFromPosition(position: Position, opts: PositionOptions = {}): PositionResult {
  const p = position;
  if (typeof p !== 'object' || p === null) return fail('position', 'must be an object with hands and discard');
  let rules: Rules;
  try {
    rules = resolveRules(p.rules, p.options);
  } catch (e) {
    if (e instanceof RulesError) return fail('rules', e.message);
    throw e;
  }
  if (!Array.isArray(p.hands) || !p.hands.every(Array.isArray)) return fail('hands', 'must be a list of hands, one list of cards per seat');
  if (!Array.isArray(p.discard) || p.discard.length === 0) return fail('discard', 'must hold at least the top card');
  if (p.supply !== undefined && !Array.isArray(p.supply)) return fail('supply', 'must be a list of cards, the next one out first');
  const players = p.hands.length;
  if (players < 2 || players > 10) return fail('hands', `one list per seat, 2 to 10 seats: got ${players}`);
  if (p.out !== undefined && !(Array.isArray(p.out) && p.out.every((x) => typeof x === 'boolean'))) return fail('out', 'must be a list of true or false, one per seat');
  const out = p.out ? p.out.slice() : Array<boolean>(players).fill(false);
  const table = tableProblem(rules, players, out);
  if (table) return fail(table.field, table.what);
  const lists: Lists = [
    ...p.hands.map((tokens, seat) => ({ field: `hands[${seat}]`, tokens })),
    { field: 'discard', tokens: p.discard },
    { field: 'supply', tokens: p.supply ?? [] },
  ];
  const placed = placeCards(lists, deckOf(rules.deck), rules.name);
  if (isFailure(placed)) return placed;
  const hands = placed.slice(0, players);
  const [discard, supply] = placed.slice(players);
  const seats = { players, out };
  for (let seat = 0; seat < players; seat++) if (out[seat] && hands[seat].length > 0) return fail(`hands[${seat}]`, `seat ${seat} is out of the match and holds no cards`);
  if (discard.length === 0) return fail('discard', 'must hold at least the top card (the * put none there)');
  const dealer = p.dealer ?? activeSeats(seats).at(-1)!;
  if (!isSeat(seats, dealer)) return fail('dealer', `seat ${String(dealer)} is not a player in the round`);
  const top = discard[discard.length - 1];
  const seed = p.seed ?? 'position';
  const round = p.round ?? 0;
  const state: GameState = {
    schema: 1, rules, seed, round, players, rng: p.rng ?? seedRng(seed, round), out, dealer, dealerDrawn: null, hands,
    discard, supply, colour: null, direction: p.direction ?? 1, turn: p.turn ?? leftOf(seats, dealer),
    // A copy: the round's request must not change with the caller's object.
    pending: p.pending ? structuredClone(p.pending) : null,
    uno: p.uno ?? null, shown: p.shown ?? false, scores: p.scores ?? null, moves: 0, log: p.log === false ? null : [], winner: null,
  };
  if (state.direction !== 1 && state.direction !== -1) return fail('direction', 'must be 1 (clockwise) or -1');
  if (!isRngState(state.rng)) return fail('rng', 'must be four whole numbers from 0 to 2^32 - 1, not all 0');
  if (opts.turnUp) {
    for (const k of ['turn', 'colour', 'pending', 'uno'] as const) {
      if (p[k] !== undefined && p[k] !== null) return fail(k, 'is decided by the start card when it is turned up: leave it out');
    }
    if (startAction(rules, top) === 'redraw') return fail('discard', `${top} cannot start the ${rules.name} discard pile: that rule set puts it back into the deck`);
    state.turn = dealer;
    const r = turnUp(state);
    r.state.position = positionOf(r.state);
    return { ok: true, state: r.state, events: r.events };
  }
  state.colour = p.colour === undefined ? topColour(state) : p.colour;
  if (state.colour !== null && !COLOURS.includes(state.colour)) return fail('colour', `${String(state.colour)} is not a colour: red, yellow, green or blue`);
  const why = checkPending(state) ?? tableNow(state);
  if (why) return fail(why.field, why.what);
  state.position = positionOf(state);
  return { ok: true, state, events: [] };
}

/** The top card's colour: a wild's is the one named, which a position must give. */
function topColour(s: GameState): Colour | null {
  const id = s.discard[s.discard.length - 1];
  return parseCode(id.slice(0, id.indexOf('#')))!.colour;
}

function isRngState(r: unknown): r is RngState {
  return Array.isArray(r) && r.length === 4 && r.every((x) => Number.isInteger(x) && x >= 0 && x <= 0xffffffff) && r.some((x) => x !== 0);
}

/** Whose turn, UNO and empty hands, against the table and the request. */
function tableNow(s: GameState): { field: string; what: string } | null {
  if (!isSeat(s, s.turn)) return { field: 'turn', what: `seat ${String(s.turn)} is not a player in the round` };
  if (s.uno !== null) {
    if (!isSeat(s, s.uno)) return { field: 'uno', what: `seat ${String(s.uno)} is not a player in the round` };
    if (!s.rules.options.unoCall) return { field: 'uno', what: `nobody calls UNO in the rule set ${s.rules.name}` };
    if (s.hands[s.uno].length !== 1) return { field: 'uno', what: `seat ${s.uno} holds ${s.hands[s.uno].length} cards: only a player with one card can be caught` };
  }
  if (typeof s.shown !== 'boolean') return { field: 'shown', what: 'must be true or false' };
  // A player with no card left has won, unless the last card's effect is still being applied.
  const empty = activeSeats(s).find((seat) => s.hands[seat].length === 0);
  if (empty !== undefined && s.pending === null) return { field: `hands[${empty}]`, what: `seat ${empty} holds no card: the round would be over` };
  return null;
}

/**
 * {@link createFromPosition} on a position's text ({@link parsePosition}). A round of a rule set
 * read from a rule file is named in the text, not written out: pass its `rules` then.
 */
export function fromPosition(text: string, opts: PositionOptions & { rules?: Rules } = {}): PositionResult {
  const parsed = parsePosition(text);
  if (!parsed.ok) return parsed;
  const { rules: _name, options: _options, ...rest } = parsed.position;
  return createFromPosition(opts.rules ? { ...rest, rules: opts.rules } : parsed.position, opts);
}
