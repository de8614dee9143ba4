/**
 * A move's working copy. By default a shallow copy of the state whose fields are replaced (never
 * mutated in place), so the input state and everything it shares stay untouched and only what
 * changes is copied: {@link applyMove}'s contract. A runner that owns its state (a copy nobody
 * else holds, see `runRoundSync`) asks for an in-place draft instead: the same helpers then push,
 * remove and overwrite in the state's own arrays, so a move costs what it changes rather than
 * copies of the discard pile, the supply and the hands. Card effects and move handlers change a
 * round only through these helpers, so the choice between the two is made here and nowhere else.
 */
import { Rng } from '../lib/rng.ts';
import type { CardId } from './cards.ts';
import type { GameEvent, GameState, Pending, PressReason, Resume } from './state.ts';

/** The state being changed by one move, and what the move reports. */
export interface Draft {
  s: GameState;
  events: GameEvent[];
  /** `s.hands` is this draft's own array (copied, or owned from the start in place). */
  handsCopied: boolean;
  /**
   * `s` and every array in it (hands, discard, supply, log) belong to the caller alone: change
   * them in place. Events still get arrays of their own, never one the state goes on changing.
   */
  inPlace: boolean;
}

/** Starts changing `state`: a copy, or (`inPlace`, for a state the caller owns) the state itself. */
export function draftOf(state: GameState, inPlace = false): Draft {
  return { s: inPlace ? state : copyState(state), events: [], handsCopied: inPlace, inPlace };
}

/** A shallow copy, field by field (a literal of known shape is faster than a spread). */
function copyState(s: GameState): GameState {
  return {
    schema: s.schema, rules: s.rules, seed: s.seed, round: s.round, players: s.players, rng: s.rng, out: s.out,
    dealer: s.dealer, dealerDrawn: s.dealerDrawn, hands: s.hands, discard: s.discard, supply: s.supply,
    colour: s.colour, direction: s.direction, turn: s.turn, pending: s.pending, uno: s.uno, shown: s.shown,
    scores: s.scores, moves: s.moves, log: s.log, winner: s.winner, position: s.position,
  };
}

/**
 * A copy of `s` that shares no array that a move changes (hands, discard, supply, log), for a
 * runner that then applies its moves in place: the caller's state is never changed.
 */
export function ownedCopy(s: GameState): GameState {
  const c = copyState(s);
  c.hands = s.hands.map((h) => h.slice());
  c.discard = s.discard.slice();
  c.supply = s.supply.slice();
  if (s.log) c.log = s.log.slice();
  return c;
}

/**
 * A shuffled copy of `cards`, drawn from the game's random stream (whose state is stored back).
 * The stream lives only for the shuffle, not in the draft: a draft field that is null on most
 * moves and an Rng on a few changes its type the first time a round reshuffles, and every
 * compiled function that reads a draft is thrown away then.
 */
function shuffled(d: Draft, cards: readonly CardId[]): CardId[] {
  const rng = new Rng(d.s.rng);
  const out = rng.shuffle(cards);
  d.s.rng = rng.state();
  return out;
}

/** Replaces a seat's hand (in place, `hand` becomes the state's own: pass an array nobody else holds). */
export function setHand(d: Draft, seat: number, hand: CardId[]): void {
  if (!d.handsCopied) {
    d.s.hands = d.s.hands.slice();
    d.handsCopied = true;
  }
  d.s.hands[seat] = hand;
}

/** Adds cards to a hand. */
export function give(d: Draft, seat: number, cards: readonly CardId[]): void {
  if (cards.length === 0) return;
  if (d.inPlace) {
    const hand = d.s.hands[seat];
    for (let i = 0; i < cards.length; i++) hand.push(cards[i]);
  } else setHand(d, seat, d.s.hands[seat].concat(cards));
}

/** Removes cards (known to be there) from a hand; the others keep their order. */
export function takeFromHand(d: Draft, seat: number, cards: readonly CardId[]): void {
  if (d.inPlace) {
    const hand = d.s.hands[seat];
    let k = 0;
    for (let i = 0; i < hand.length; i++) if (!holds(cards, hand[i])) hand[k++] = hand[i];
    // pop, not `length = k`: setting the length goes through the runtime, pop is inlined.
    while (hand.length > k) hand.pop();
  } else setHand(d, seat, d.s.hands[seat].filter((c) => !holds(cards, c)));
}

/** `cards` includes `id`: a loop the compiler inlines, where `includes` is a call per card of the hand. */
function holds(cards: readonly CardId[], id: CardId): boolean {
  for (let i = 0; i < cards.length; i++) if (cards[i] === id) return true;
  return false;
}

/** Lays cards on the discard pile, the last one on top. */
export function lay(d: Draft, cards: readonly CardId[]): void {
  if (d.inPlace) for (let i = 0; i < cards.length; i++) d.s.discard.push(cards[i]);
  else d.s.discard = d.s.discard.concat(cards);
}

/** Takes the next `n` cards out of the supply, appending them to `into` when given. */
export function takeFromSupply(d: Draft, n: number, into?: CardId[]): void {
  const supply = d.s.supply;
  if (into) for (let i = 0; i < n; i++) into.push(supply[i]);
  if (n === 0) return;
  if (d.inPlace) {
    // Moving the rest down costs no more than the slice a copy makes, and allocates nothing.
    for (let i = n; i < supply.length; i++) supply[i - n] = supply[i];
    for (let i = 0; i < n; i++) supply.pop();
  } else d.s.supply = supply.slice(n);
}

/** The discard pile but its top card, shuffled, and the pile reduced to its top card. */
function gatherDiscard(d: Draft): CardId[] {
  const pile = d.s.discard;
  const cards = shuffled(d, pile.slice(0, -1));
  if (d.inPlace) {
    pile[0] = pile[pile.length - 1];
    pile.length = 1;
  } else d.s.discard = pile.slice(-1);
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
  // The event keeps `cards` itself: in place, the supply takes copies of its elements.
  if (d.inPlace) for (let i = 0; i < cards.length; i++) d.s.supply.push(cards[i]);
  else d.s.supply = d.s.supply.concat(cards);
  d.events.push({ type: 'reload', cards });
}

/** Draws `n` cards from the draw pile (reshuffling the discard pile when it runs out). */
export function draw(d: Draft, seat: number, n: number): CardId[] {
  const got: CardId[] = [];
  while (got.length < n) {
    if (d.s.supply.length === 0) {
      if (d.s.discard.length <= 1) break;
      d.s.supply = gatherDiscard(d);
      d.events.push({ type: 'reshuffle', cards: d.s.supply.length });
    }
    takeFromSupply(d, Math.min(n - got.length, d.s.supply.length), got);
  }
  give(d, seat, got);
  d.events.push({ type: 'draw', seat, cards: got });
  return got;
}

/** Waits for a request; a press request first reloads the launcher if that is due. */
export function request(d: Draft, p: Pending): void {
  d.s.pending = p;
  d.events.push({ type: 'request', pending: p });
  if (p.kind === 'press') reloadIfDue(d);
}

/** Goes on after an effect or a request: a seat's turn (unless someone has gone out), or a request. */
export function resume(d: Draft, r: Resume): void {
  if ('pending' in r) return request(d, r.pending);
  // The first seat still in with no card left (a loop: activeSeats().find allocated on every move).
  const s = d.s;
  for (let seat = 0; seat < s.players; seat++) if (!s.out[seat] && s.hands[seat].length === 0) return endRound(d, seat);
  d.s.pending = null;
  d.s.turn = r.turn;
  d.events.push({ type: 'turn', seat: r.turn });
}

/** Where play stands now, to come back to after an interruption (a caught UNO). */
export function current(s: GameState): Resume {
  return s.pending ? { pending: s.pending } : { turn: s.turn };
}

/** The round is over: `winner` has no card left. */
export function endRound(d: Draft, winner: number): void {
  d.s.winner = winner;
  d.s.pending = null;
  d.s.uno = null;
  d.events.push({ type: 'roundOver', winner });
}

/**
 * `seat` takes `n` cards: `n` presses of the launcher faced toward `seat` (pressed by
 * `presser`), or `n` cards from the draw pile; then `then`.
 */
export function penalty(d: Draft, seat: number, n: number, reason: PressReason, then: Resume, presser = seat): void {
  if (d.s.rules.options.launcher) {
    request(d, { kind: 'press', seat: presser, aimAt: seat, remaining: n, untilCards: false, queue: [], reason, then });
  } else {
    draw(d, seat, n);
    resume(d, then);
  }
}

/** Each of `seats` in turn takes one press (or one card), then `then`. */
export function pressEach(d: Draft, seats: number[], reason: PressReason, then: Resume): void {
  if (seats.length === 0) return resume(d, then);
  if (d.s.rules.options.launcher) {
    const [first, ...queue] = seats;
    request(d, { kind: 'press', seat: first, aimAt: first, remaining: 1, untilCards: false, queue, reason, then });
  } else {
    for (const seat of seats) draw(d, seat, 1);
    resume(d, then);
  }
}
