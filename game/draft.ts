/**
 * A move's working state. A draft changes the round it is given, in place: it pushes, removes
 * and overwrites in the round's own arrays, so a move costs what it changes. The round and every
 * array in it (hands, discard, supply, log) must therefore be the caller's alone: the engine's
 * edges work on the round of their input (roundOf) (whose contract is to leave it untouched), a
 * runner on the round it plays. Card effects and move handlers change a round only through
 * these helpers; the cards are serials inside the round and ids in the events, whose arrays are
 * their own.
 */
import { Rng } from '../lib/rng.ts';
import { idsAt } from './cards.ts';
import { pendingState, type Round, type RoundPending, type RoundResume } from './core/round.ts';
import type { GameEvent, PressReason } from './state.ts';

/**
 * The state being changed by one move, and what the move reports: every event when `all`, else
 * only the reloads (the cards the launcher must be loaded with: what a runner and a search act
 * on), so that a move nobody watches builds no event it does not need. A round counts the turns
 * begun itself ({@link Round.turns}). A runner keeps one draft for a whole round, emptying
 * `events` before each move.
 */
export interface Draft {
  s: Round;
  events: GameEvent[];
  all: boolean;
}

/** Starts changing `round` in place: pass a round nobody else holds (roundOf, in ./core/round.ts). */
export function draftOf(round: Round, all = true): Draft {
  return { s: round, events: [], all };
}

/**
 * A shuffled copy of `cards`, drawn from the game's random stream (whose state is stored back).
 * The stream lives only for the shuffle, not in the draft (bench/NOTES.md: shapes stay stable).
 */
function shuffled(d: Draft, cards: readonly number[]): number[] {
  const rng = new Rng(d.s.rng);
  const out = rng.shuffle(cards);
  d.s.rng = rng.state();
  return out;
}

/** Replaces a seat's hand: `hand` becomes the state's own (pass an array nobody else holds). */
export function setHand(d: Draft, seat: number, hand: number[]): void {
  d.s.hands[seat] = hand;
}

/** Removes one card (known to be there) from a hand: the cards after it move down one place. */
export function takeCard(d: Draft, seat: number, n: number): void {
  const hand = d.s.hands[seat];
  let i = 0;
  while (hand[i] !== n) i++;
  for (; i < hand.length - 1; i++) hand[i] = hand[i + 1];
  hand.pop();
}

/** Removes cards (known to be there) from a hand; the others keep their order. */
export function takeFromHand(d: Draft, seat: number, cards: readonly number[]): void {
  if (cards.length === 1) return takeCard(d, seat, cards[0]);
  const hand = d.s.hands[seat];
  let k = 0;
  for (let i = 0; i < hand.length; i++) if (!holds(cards, hand[i])) hand[k++] = hand[i];
  while (hand.length > k) hand.pop();
}

/** `cards` includes `id`. */
function holds(cards: readonly number[], id: number): boolean {
  for (let i = 0; i < cards.length; i++) if (cards[i] === id) return true;
  return false;
}

/** Lays one card on top of the discard pile. */
export function layCard(d: Draft, n: number): void {
  d.s.discard.push(n);
}

/** Takes the top card off the discard pile (a +4 taken back) into `seat`'s hand: the card. */
export function unlayInto(d: Draft, seat: number): number {
  const n = d.s.discard.pop()!;
  d.s.hands[seat].push(n);
  return n;
}

/** Lays cards on the discard pile, the last one on top. */
export function lay(d: Draft, cards: readonly number[]): void {
  for (let i = 0; i < cards.length; i++) d.s.discard.push(cards[i]);
}

/** Takes the next `n` cards out of the supply, appending them to `into` when given. */
export function takeFromSupply(d: Draft, n: number, into?: number[]): void {
  const supply = d.s.supply;
  // One card: shift; more: one splice moves the rest down once.
  if (n === 1) {
    const c = supply.shift()!;
    if (into) into.push(c);
  } else if (n > 1) {
    if (into) for (let i = 0; i < n; i++) into.push(supply[i]);
    supply.splice(0, n);
  }
}

/** The discard pile but its top card, shuffled, and the pile reduced to its top card. */
function gatherDiscard(d: Draft): number[] {
  const pile = d.s.discard;
  const cards = shuffled(d, pile.slice(0, -1));
  pile[0] = pile[pile.length - 1];
  pile.length = 1;
  return cards;
}

/**
 * Refills the launcher from the discard pile when the rules say so (before a press): when it is
 * empty, or with `{ atDiscard: N }` also once N cards lie under the top card. The `reload` event
 * tells the runner which cards to load, in order.
 */
export function reloadIfDue(d: Draft): void {
  const { reload } = d.s.rules.options;
  const under = d.s.discard.length - 1;
  if (under <= 0) return;
  if (d.s.supply.length > 0 && !(typeof reload === 'object' && under >= reload.atDiscard)) return;
  const cards = gatherDiscard(d);
  for (let i = 0; i < cards.length; i++) d.s.supply.push(cards[i]);
  d.events.push({ type: 'reload', cards: idsAt(cards) });
}

/**
 * Draws `n` cards from the draw pile onto the end of `seat`'s hand (reshuffling the discard pile
 * when it runs out): returns how many it drew, fewer when the pile and the discard run out.
 */
export function draw(d: Draft, seat: number, n: number): number {
  // Straight into the hand: a move that draws makes no array for the cards unless an event names them.
  const hand = d.s.hands[seat];
  const before = hand.length;
  let got = 0;
  while (got < n) {
    if (d.s.supply.length === 0) {
      if (d.s.discard.length <= 1) break;
      d.s.supply = gatherDiscard(d);
      if (d.all) d.events.push({ type: 'reshuffle', cards: d.s.supply.length });
    }
    const k = Math.min(n - got, d.s.supply.length);
    takeFromSupply(d, k, hand);
    got += k;
  }
  if (d.all) d.events.push({ type: 'draw', seat, cards: idsAt(hand.slice(before)) });
  return got;
}

/** Waits for a request; a press request first reloads the launcher if that is due. */
export function request(d: Draft, p: RoundPending): void {
  d.s.pending = p;
  if (d.all) d.events.push({ type: 'request', pending: pendingState(p)! });
  if (p.kind === 'press') reloadIfDue(d);
}

/** Goes on after an effect or a request: a seat's turn (unless someone has gone out), or a request. */
export function resume(d: Draft, r: RoundResume): void {
  if ('pending' in r) return request(d, r.pending);
  // The first seat still in with no card left (a loop: activeSeats().find allocated on every move).
  const s = d.s;
  for (let seat = 0; seat < s.players; seat++) if (!s.out[seat] && s.hands[seat].length === 0) return endRound(d, seat);
  s.pending = null;
  s.turn = r.turn;
  s.turns++;
  if (d.all) d.events.push({ type: 'turn', seat: r.turn });
}

/** `{ turn: seat }` for each seat a table may have (2..10), made once: play resumes with a seat's turn on most moves. */
const TURN_OF: readonly RoundResume[] = Array.from({ length: 10 }, (_, seat) => Object.freeze({ turn: seat }));

/** Play resumes with `seat`'s turn: a shared, frozen `{ turn: seat }` (a request may hold it as its `then`). */
export function turnOf(seat: number): RoundResume {
  return TURN_OF[seat];
}

/** Where play stands now, to come back to after an interruption (a caught UNO). */
export function current(s: Round): RoundResume {
  return s.pending ? { pending: s.pending } : turnOf(s.turn);
}

/** The round is over: `winner` has no card left. */
export function endRound(d: Draft, winner: number): void {
  d.s.winner = winner;
  d.s.pending = null;
  d.s.uno = null;
  if (d.all) d.events.push({ type: 'roundOver', winner });
}

/** The round is called off: nobody went out in ROUND_MOVE_LIMIT (game/state.ts) moves (nothing scores it). */
export function callOff(d: Draft): void {
  d.s.calledOff = true;
  d.s.pending = null;
  d.s.uno = null;
  if (d.all) d.events.push({ type: 'calledOff', moves: d.s.moves });
}

/**
 * `seat` takes `n` cards: `n` presses of the launcher faced toward `seat` (pressed by
 * `presser`), or `n` cards from the draw pile; then `then`.
 */
export function penalty(d: Draft, seat: number, n: number, reason: PressReason, then: RoundResume, presser = seat): void {
  if (d.s.rules.options.launcher) {
    request(d, { kind: 'press', seat: presser, aimAt: seat, remaining: n, untilCards: false, queue: [], reason, then });
  } else {
    draw(d, seat, n);
    resume(d, then);
  }
}

/** Each of `seats` in turn takes one press (or one card), then `then`. */
export function pressEach(d: Draft, seats: number[], reason: PressReason, then: RoundResume): void {
  if (seats.length === 0) return resume(d, then);
  if (d.s.rules.options.launcher) {
    const [first, ...queue] = seats;
    request(d, { kind: 'press', seat: first, aimAt: first, remaining: 1, untilCards: false, queue, reason, then });
  } else {
    for (const seat of seats) draw(d, seat, 1);
    resume(d, then);
  }
}
