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
import { checkPending, failWith as fail, positionFail, problem, type Problem } from './positionCheck.ts';
import { saidOf, type Said } from '../words/said.ts';
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

/**
 * What is wrong with a position: the field (`hands[1][3]`, `pending.aimAt`) and a sentence, in
 * English (`message`) and as a message of the command line's catalogue (`said`, `cli.position.*`
 * inside `cli.position.field`) for the reader's language.
 */
export interface PositionError {
  field: string;
  /** What is wrong with the field, in English (`message` is the field and it), and in words (`said` is the field and it). */
  what: string;
  why: Said | string;
  message: string;
  said: Said;
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
      if (typeof t !== 'string') return fail(`${field}[${i}]`, `${JSON.stringify(t)} is not a card: write a code like R5 or an id like R5#2`, 'cli.position.notCard', { got: JSON.stringify(t) });
      if (!t.includes('#')) continue;
      if (!inDeck.has(t)) {
        const code = t.slice(0, t.indexOf('#'));
        return parseCode(code) && bySerial.has(code)
          ? fail(`${field}[${i}]`, `${t}: the ${deckName} deck has ${code}#1 to ${code}#${bySerial.get(code)!.length}`, 'cli.position.serials', { id: t, deck: deckName, first: `${code}#1`, last: `${code}#${bySerial.get(code)!.length}` })
          : fail(`${field}[${i}]`, `${t} is not a card of the ${deckName} deck`, 'cli.position.notInDeckId', { id: t, deck: deckName });
      }
      if (placed.has(t)) return fail(`${field}[${i}]`, `${t} is placed twice: every card is in one place`, 'cli.position.twice', { id: t });
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
        if (rest) return fail(`${field}[${i}]`, 'only one * (the rest of the deck) in a position', 'cli.position.oneRest');
        rest = { list: out.length, at: ids.length };
      } else {
        if (!parseCode(t)) return fail(`${field}[${i}]`, `${t} is not a card code: R5, G+2, YS, W, W4, CX, …`, 'cli.position.notCode', { code: t });
        const free = bySerial.get(t)?.find((id) => !placed.has(id));
        if (!free) {
          const n = bySerial.get(t)?.length ?? 0;
          return n === 0
            ? fail(`${field}[${i}]`, `${t} is not in the ${deckName} deck`, 'cli.position.notInDeck', { code: t, deck: deckName })
            : fail(`${field}[${i}]`, `one ${t} too many: the ${deckName} deck has ${n}`, 'cli.position.tooManyOf', { code: t, deck: deckName, n: String(n) });
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
    const what = `${missing.length} card${missing.length > 1 ? 's' : ''} of the ${deckName} deck ${missing.length > 1 ? 'are' : 'is'} not placed (${some}): place every card, or put * (the rest of the deck) in the supply`;
    return fail('cards', what, 'cli.position.missing', { n: missing.length, count: String(missing.length), deck: deckName, some });
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
  if (typeof p !== 'object' || p === null) return fail('position', 'must be an object with hands and discard', 'cli.position.object');
  let rules: Rules;
  try {
    rules = resolveRules(p.rules, p.options);
  } catch (e) {
    if (e instanceof RulesError) return positionFail('rules', e.message, saidOf(e) ?? e.message);
    throw e;
  }
  if (!Array.isArray(p.hands) || !p.hands.every(Array.isArray)) return fail('hands', 'must be a list of hands, one list of cards per seat', 'cli.position.hands');
  if (!Array.isArray(p.discard) || p.discard.length === 0) return fail('discard', 'must hold at least the top card', 'cli.position.discard', { star: 'no' });
  if (p.supply !== undefined && !Array.isArray(p.supply)) return fail('supply', 'must be a list of cards, the next one out first', 'cli.position.supply');
  const players = p.hands.length;
  if (players < 2 || players > 10) return fail('hands', `one list per seat, 2 to 10 seats: got ${players}`, 'cli.position.seats', { got: String(players) });
  if (p.out !== undefined && !(Array.isArray(p.out) && p.out.every((x) => typeof x === 'boolean'))) return fail('out', 'must be a list of true or false, one per seat', 'cli.position.out');
  const out = p.out ? p.out.slice() : Array<boolean>(players).fill(false);
  const table = tableProblem(rules, players, out);
  if (table) return positionFail(table.field, table.what, table.why);
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
  for (let seat = 0; seat < players; seat++) if (out[seat] && hands[seat].length > 0) return fail(`hands[${seat}]`, `seat ${seat} is out of the match and holds no cards`, 'cli.position.outHolds', { seat: String(seat) });
  if (discard.length === 0) return fail('discard', 'must hold at least the top card (the * put none there)', 'cli.position.discard', { star: 'yes' });
  const dealer = p.dealer ?? activeSeats(seats).at(-1)!;
  if (!isSeat(seats, dealer)) return fail('dealer', `seat ${String(dealer)} is not a player in the round`, 'cli.position.notSeat', { seat: String(dealer) });
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
  if (state.direction !== 1 && state.direction !== -1) return fail('direction', 'must be 1 (clockwise) or -1', 'cli.position.direction');
  if (!isRngState(state.rng)) return fail('rng', 'must be four whole numbers from 0 to 2^32 - 1, not all 0', 'cli.position.rng');
  if (opts.turnUp) {
    for (const k of ['turn', 'colour', 'pending', 'uno'] as const) {
      if (p[k] !== undefined && p[k] !== null) return fail(k, 'is decided by the start card when it is turned up: leave it out', 'cli.position.turnedUp');
    }
    if (startAction(rules, top) === 'redraw') {
      return fail('discard', `${top} cannot start the ${rules.name} discard pile: that rule set puts it back into the deck`, 'cli.position.redraw', { top, rules: rules.name });
    }
    state.turn = dealer;
    const r = turnUp(state);
    r.state.position = positionOf(r.state);
    return { ok: true, state: r.state, events: r.events };
  }
  state.colour = p.colour === undefined ? topColour(state) : p.colour;
  if (state.colour !== null && !COLOURS.includes(state.colour)) return fail('colour', `${String(state.colour)} is not a colour: red, yellow, green or blue`, 'cli.position.colour', { got: String(state.colour), list: { or: COLOURS } });
  const why = checkPending(state) ?? tableNow(state);
  if (why) return positionFail(why.field, why.what, why.why);
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
function tableNow(s: GameState): Problem | null {
  const notSeat = (field: string, seat: unknown) => problem(field, `seat ${String(seat)} is not a player in the round`, 'cli.position.notSeat', { seat: String(seat) });
  if (!isSeat(s, s.turn)) return notSeat('turn', s.turn);
  if (s.uno !== null) {
    if (!isSeat(s, s.uno)) return notSeat('uno', s.uno);
    if (!s.rules.options.unoCall) return problem('uno', `nobody calls UNO in the rule set ${s.rules.name}`, 'cli.position.noUno', { rules: s.rules.name });
    const n = s.hands[s.uno].length;
    if (n !== 1) return problem('uno', `seat ${s.uno} holds ${n} cards: only a player with one card can be caught`, 'cli.position.unoHolds', { seat: String(s.uno), n: String(n) });
  }
  if (typeof s.shown !== 'boolean') return problem('shown', 'must be true or false', 'cli.position.boolean');
  // A player with no card left has won, unless the last card's effect is still being applied.
  const empty = activeSeats(s).find((seat) => s.hands[seat].length === 0);
  if (empty !== undefined && s.pending === null) return problem(`hands[${empty}]`, `seat ${empty} holds no card: the round would be over`, 'cli.position.empty', { seat: String(empty) });
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
