/**
 * The engine's one entry for change: {@link applyMove} checks a move against the rules and
 * returns the new state and what happened, or a typed error leaving the state untouched.
 */
import { takeStack } from './effects/attack.ts';
import { answerWild4 } from './effects/wild4.ts';
import { COLOURS, cardAt, idAt, type CardId, type Colour } from './cards.ts';
import { ACCEPT, CATCH, CHALLENGE, COLOUR, DRAW, LAUNCHER, MoveList, PASS, PLAY, PRESS, UNO } from './core/moves.ts';
import { roundOf, stateOf, topOf, type Round, type RoundPending } from './core/round.ts';
import { callOff, current, draftOf, draw, penalty, request, resume, turnOf, type Draft } from './draft.ts';
import { applyPlay, checkPlay, fits, refusalsOfHand, refuse, waitingOf } from './play.ts';
import { applyLauncher, checkLauncher, type LauncherMove } from './press.ts';
import { ROUND_MOVE_LIMIT, type GameEvent, type GameState, type Move, type MoveError, type MoveResult, type Refusal } from './state.ts';
import { isSeat, nextSeat } from './turn.ts';

/** The request `seat` must answer with a move of this kind, or why there is none. */
function requestOf<K extends RoundPending['kind']>(s: Round, seat: number, kinds: K[], none: Refusal): Extract<RoundPending, { kind: K }> | MoveError {
  const p = s.pending;
  if (p && kinds.includes(p.kind as K)) {
    return p.seat === seat ? (p as Extract<RoundPending, { kind: K }>) : refuse('not-your-turn', { why: 'waiting', waiting: waitingOf(p), mine: false });
  }
  if (p) return refuse(p.seat === seat ? 'pending' : 'not-your-turn', { why: 'waiting', waiting: waitingOf(p), mine: p.seat === seat });
  return refuse('bad-move', none);
}

function isError(x: unknown): x is MoveError {
  return typeof x === 'object' && x !== null && 'code' in x && 'message' in x;
}

/** Why `m` cannot be applied to `state`, or null. */
export function checkMove(state: GameState, m: Move): MoveError | null {
  return checkIn(roundOf(state), m);
}

/**
 * Why each card of `seat`'s hand cannot be played now (whose turn it is, what it would go on, a
 * request waiting), by card id; a card that can be played (its colour or target still to choose)
 * is absent. What a front end says when a card is tapped that cannot be played.
 */
export function handRefusals(state: GameState, seat: number): Partial<Record<CardId, Refusal>> {
  return refusalsIn(roundOf(state), seat);
}

/** {@link handRefusals} of every seat, from one reading of the state (a server showing each seat its hand). */
export function everyHandRefusals(state: GameState): Partial<Record<CardId, Refusal>>[] {
  const s = roundOf(state);
  return s.hands.map((_, seat) => refusalsIn(s, seat));
}

function refusalsIn(s: Round, seat: number): Partial<Record<CardId, Refusal>> {
  // Keyed by card ids, a different set in every hand: a dictionary from the start, not an object
  // whose shape V8 would follow through every new key.
  const out: Partial<Record<CardId, Refusal>> = Object.create(null);
  if (!isSeat(s, seat)) return out;
  const over = s.winner !== null ? refuse('game-over', { why: 'round-over', winner: s.winner }) : s.calledOff ? refuse('game-over', { why: 'round-called-off', moves: s.moves }) : null;
  if (over === null) refusalsOfHand(s, seat, out);
  else for (const n of s.hands[seat]) out[idAt(n)] = over.refusal;
  return out;
}

/** {@link checkMove} in a round in play. */
export function checkIn(s: Round, m: Move): MoveError | null {
  if (typeof m !== 'object' || m === null) return refuse('bad-move', { why: 'not-a-move' });
  if (s.winner !== null) return refuse('game-over', { why: 'round-over', winner: s.winner });
  if (s.calledOff) return refuse('game-over', { why: 'round-called-off', moves: s.moves });
  if (!isSeat(s, m.seat)) return refuse('bad-move', { why: 'not-a-seat', seat: String(m.seat) });
  const { launcher } = s.rules.options;
  switch (m.type) {
    case 'play':
      return checkPlay(s, m);
    case 'press':
    case 'draw': {
      if ((m.type === 'press') !== launcher) {
        return refuse('bad-move', { why: launcher ? 'press-not-draw' : 'draw-not-press' });
      }
      if (s.pending?.kind === 'stack' && s.pending.seat === m.seat) return null;
      if (s.pending) return requestOf(s, m.seat, [], { why: 'not-a-move' }) as MoveError;
      return m.seat === s.turn ? null : refuse('not-your-turn', { why: 'turn-of', seat: s.turn });
    }
    case 'pass': {
      const p = requestOf(s, m.seat, ['drawn', 'playAgain'], { why: 'nothing-to-pass' });
      return isError(p) ? p : null;
    }
    case 'launcher': {
      const p = requestOf(s, m.seat, ['press'], { why: 'no-press-due' });
      return isError(p) ? p : checkLauncher(s, m);
    }
    case 'colour': {
      const p = requestOf(s, m.seat, ['colour'], { why: 'no-colour-due' });
      if (isError(p)) return p;
      return COLOURS.includes(m.colour as Colour) ? null : refuse('needs-colour', { why: 'not-a-colour', value: String(m.colour) });
    }
    case 'challenge':
    case 'accept': {
      const p = requestOf(s, m.seat, ['challenge'], { why: 'no-plus4' });
      return isError(p) ? p : null;
    }
    case 'uno':
      return s.uno === m.seat ? null : refuse('no-uno', { why: 'nothing-to-call', seat: m.seat });
    case 'catch':
      if (s.uno === null) return refuse('no-uno', { why: 'nobody-to-catch' });
      if (m.target !== s.uno) return refuse('no-uno', { why: 'cannot-catch', target: String(m.target), uno: s.uno });
      return m.seat === m.target ? refuse('bad-move', { why: 'catch-self' }) : null;
    default:
      return refuse('bad-move', { why: 'unknown-move', type: JSON.stringify((m as { type?: unknown }).type) });
  }
}

function turnMove(d: Draft, seat: number): void {
  const s = d.s;
  const p = s.pending;
  if (p !== null && p.kind === 'stack') return takeStack(d, seat, p.total);
  const after = turnOf(nextSeat(s, seat));
  if (s.rules.options.launcher) {
    return request(d, { kind: 'press', seat, aimAt: seat, remaining: 1, untilCards: false, queue: [], reason: 'turn', then: after });
  }
  // The card drawn, if any, is the hand's last.
  const hand = s.hands[seat];
  const got = draw(d, seat, 1) > 0 ? hand[hand.length - 1] : -1;
  if (got >= 0 && fits(cardAt(got), s.colour, topOf(s))) request(d, { kind: 'drawn', seat, card: got });
  else resume(d, after);
}

/**
 * The change move `i` of `list` makes to the round (its fields as a {@link MoveList} holds
 * them): the one implementation whether the move comes listed or as an object. `launcher` is
 * the move object of a launcher answer, the only move whose cards are not in the round's arrays.
 */
function change(d: Draft, list: MoveList, i: number, launcher: Move | null): void {
  const s = d.s;
  const p = s.pending;
  const type = list.type[i];
  const seat = list.seat[i];
  switch (type) {
    case PLAY:
      return applyPlay(d, list, i);
    case PRESS:
    case DRAW:
      return turnMove(d, seat);
    case PASS:
      return resume(d, turnOf(nextSeat(s, seat)));
    case LAUNCHER:
      return applyLauncher(d, p as Extract<RoundPending, { kind: 'press' }>, launcher as LauncherMove);
    case COLOUR:
      s.colour = COLOURS[list.colour[i]];
      if (d.all) d.events.push({ type: 'colour', seat, colour: s.colour });
      return resume(d, (p as Extract<RoundPending, { kind: 'colour' }>).then);
    case CHALLENGE:
    case ACCEPT:
      return answerWild4(d, p as Extract<RoundPending, { kind: 'challenge' }>, type === CHALLENGE);
    case UNO:
      s.uno = null;
      if (d.all) d.events.push({ type: 'uno', seat });
      return;
    case CATCH: {
      const target = list.target[i];
      s.uno = null;
      if (d.all) d.events.push({ type: 'caught', seat: target, by: seat });
      return penalty(d, target, 2, 'uno', current(s));
    }
  }
}

/**
 * The UNO catch window stays open through `move` (docs/rules.md, UNO call: until the next player
 * begins a turn): a late call, a catch, or a press by the player who may be caught, whose turn
 * it still is (a Coup Extrême's presses at its target). Anything else begins something else.
 */
function keepsUnoWindow(s: Round, type: number, seat: number): boolean {
  return type === UNO || type === CATCH || (type === LAUNCHER && seat === s.uno);
}

/**
 * Applies a move: `{ ok: true, state, events }`, or `{ ok: false, error }` with a code and a
 * message that says what is wrong (the input state is never changed: the move is applied to a
 * copy). Throws only on a programmer's mistake (a state that breaks its own invariants).
 */
export function applyMove(state: GameState, move: Move): MoveResult {
  const r = roundOf(state);
  const error = checkIn(r, move);
  if (error) return { ok: false, error };
  const events = applyIn(r, move);
  return { ok: true, state: stateOf(r), events };
}

/**
 * Applies a move already known to be legal to `state` itself, in place, without checking it
 * again (a search that plays rounds out on states of its own). Not part of the library API:
 * {@link applyMove} checks and copies. Returns `state` and the move's events.
 */
export function applyLegal(state: GameState, move: Move): Extract<MoveResult, { ok: true }> {
  const r = roundOf(state);
  const events = applyIn(r, move);
  Object.assign(state, stateOf(r));
  return { ok: true, state, events };
}

/**
 * Applies a move already known to be legal to `round` itself, in place, without checking it
 * again: for a search that plays rounds out on rounds of its own, and for the runner's launcher
 * answers once checked. Anything from elsewhere (people, save files) is checked first
 * ({@link checkIn}, {@link applyMove}). Returns the move's events: all of them, or with `all`
 * false only the reloads (see {@link Draft}).
 */
export function applyIn(round: Round, move: Move, all = true): GameEvent[] {
  const d = draftOf(round, all);
  applyMoveIn(d, move);
  return d.events;
}

/** A move object as a list holds it: one move, written over for each move applied as an object. */
const asListed = new MoveList();

/** {@link applyIn} into a draft of the caller's (its events go to `d.events`). */
export function applyMoveIn(d: Draft, move: Move): void {
  asListed.clear();
  asListed.addMove(move);
  applyListed(d, asListed, 0, move);
}

/**
 * Applies move `i` of `list`, listed from `d.s` as it is now, to the round in place: what the
 * runner does with a bot's pick, reading the move's fields from the list's columns, so that no
 * {@link Move} object is built unless the round keeps a log (then `move`, the move as an
 * object when the caller has one, or one built from the list). Listing and checking share one
 * source of truth, so a listed move always passes {@link checkMove}.
 */
export function applyListed(d: Draft, list: MoveList, i: number, move: Move | null = null): void {
  const round = d.s;
  const type = list.type[i];
  if (type === LAUNCHER || round.log) move ??= list.moveAt(i);
  // The one application of a move: the UNO window, the change, the count and the log.
  const keepsWindow = keepsUnoWindow(round, type, list.seat[i]);
  if (!keepsWindow) round.uno = null;
  change(d, list, i, move);
  // A card left sticking out went to the presser, who then holds more than the one card to call UNO on.
  if (keepsWindow && round.uno !== null && round.hands[round.uno].length !== 1) round.uno = null;
  round.moves++;
  if (round.log) round.log.push(move!);
  // Here, where every move is counted, so that a runner, a replayed save and a search all call a
  // round off at the same move.
  if (round.moves >= ROUND_MOVE_LIMIT && round.winner === null) callOff(d);
}
