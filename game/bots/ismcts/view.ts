/**
 * What one seat knows of a round, and the hidden part of the round drawn consistently with it.
 *
 * The seat sees its own hand, the discard pile, every hand's and the supply's size, the hands a
 * Show Hands lays open, the hands it trades or is passed, and the cards that come to it. Cards
 * out of the launcher or the draw pile sit face down (docs/launcher.md), so it sees how many go
 * to each other seat, never which. It never reads another hand, the supply's order or any
 * generator's state.
 *
 * Knowledge is kept as groups: a group is a set of card ids whose cards are shuffled among its
 * slots (so many cards in each seat's hand, so many in the supply). The deal makes one group of
 * every card the seat cannot see; a card that moves from a slot moves its count, a played card
 * leaves its group, a reload makes a group of the public discard pile at the supply's bottom, a
 * traded or shown hand becomes a group of its own. Any assignment of the groups' cards to their
 * slots is equally likely given what the seat saw; what the other players' choices tell of their
 * hands (a press instead of a play: inference.ts) makes some of those assignments unlikely, and
 * {@link SeatView.sample} deals those constraints first.
 */
import type { Rng } from '../../../lib/rng.ts';
import { card, deckOf, deckSerialsOf, idAt, idsAt, type CardId, type Colour } from '../../cards.ts';
import { roundOf } from '../../core/round.ts';
import { playableBy } from '../../play.ts';
import type { GameEvent, GameState, Move } from '../../state.ts';
import { nextSeat } from '../../turn.ts';
import { deal, HandReadings } from './inference.ts';

/** Cards (serials) shuffled among slots: `slots[seat]` of them in that seat's hand, `supply` in the supply. */
interface Group {
  cards: number[];
  slots: number[];
  supply: number;
}

/** A run of the supply drawn from one group (the supply is a list of these, next out first). */
interface Segment {
  group: Group;
  count: number;
}

/** The launcher's counters as every player can count them (dings, bursts, lid cycles). */
export interface SeenCounters {
  presses: number;
  sinceBurst: number;
}

/** The hidden part of a round, drawn: every other hand and the supply. */
export interface Sample {
  hands: CardId[][];
  supply: CardId[];
}

/** The round a view follows: a new seed or round number is another round. */
function sameRound(a: Pick<GameState, 'seed' | 'round'>, b: Pick<GameState, 'seed' | 'round'>): boolean {
  return a.seed === b.seed && a.round === b.round;
}

/** One seat's knowledge of a round, kept up to date from the moves it is shown. */
export class SeatView {
  private groups: Group[] = [];
  private where = new Map<CardId, Group>();
  private segments: Segment[] = [];
  private hand: CardId[] = [];
  private discard: CardId[] = [];
  private players = 0;
  /** The round's deck, and one more than its highest serial: the length of a ban list. */
  private deck: readonly CardId[] = [];
  private serials = 0;
  private round: Pick<GameState, 'seed' | 'round'> = { seed: NaN, round: NaN };
  /** The move count of the last state seen (-1: none yet). */
  private moves = -1;
  private colour: Colour | null = null;
  /** The colour a +4 was played on, and by whom: what a challenge is decided on. */
  private wild4: { by: number; colour: Colour | null } | null = null;
  /** What the other seats' choices tell of their hands. */
  readonly readings = new HandReadings();
  /** The public table after the last move seen (no hand, no supply): where the next choice is made. */
  private before: GameState | null = null;
  /** Times the view had to start again from a state alone (it missed moves, or a state disagreed). */
  restarts = 0;
  /** The launcher's counters since the round began, as seen. */
  counters: SeenCounters = { presses: 0, sinceBurst: 0 };

  /**
   * @param seat the seat whose knowledge this is
   * @param resetOnLidCycle the launcher's profile restarts its counters on a lid cycle
   */
  constructor(readonly seat: number, private readonly resetOnLidCycle = false) {}

  /**
   * Brings the view to `state`: `move` (with its `events`) is the move that led to it, or null for
   * a state shown without its move (a round's start, or a round joined midway). A state the view
   * cannot follow from what it saw (another round, moves it missed) restarts it from the state
   * alone: what is public now, without what earlier moves told.
   */
  observe(state: GameState, move: Move | null, events: readonly GameEvent[]): void {
    const follows = move !== null && this.moves === state.moves - 1 && sameRound(this.round, state);
    if (move === null && this.moves === state.moves && sameRound(this.round, state)) return;
    if (!follows || !this.apply(state, move!, events)) this.restart(state);
    // A copy (the caller's state may go on changing) of what everyone saw: whose turn, the request, the top card, the colour.
    this.before = { ...state, hands: state.hands.map(() => []), supply: [], discard: state.discard.slice(-1), log: null };
  }

  /** The view is of `state` (the same round, the same move). */
  isOf(state: GameState): boolean {
    return this.moves === state.moves && sameRound(this.round, state);
  }

  /**
   * The colour the +4 now waiting for a challenge was played on, as seen (null when it was not
   * seen: the view joined after it; then the card under the +4 tells, when it has a colour).
   */
  wild4Colour(state: GameState): Colour | null {
    if (this.wild4) return this.wild4.colour;
    const under = state.discard[state.discard.length - 2];
    return under === undefined ? null : card(under).colour;
  }

  /** Starts from `state` alone: every card the seat cannot see now is in one group. */
  private restart(state: GameState): void {
    if (this.moves >= 0) this.restarts++;
    this.players = state.players;
    this.round = { seed: state.seed, round: state.round };
    this.hand = state.hands[this.seat].slice();
    this.discard = state.discard.slice();
    this.colour = state.colour;
    this.wild4 = null;
    this.counters = { presses: 0, sinceBurst: 0 };
    this.groups = [];
    this.where.clear();
    this.segments = [];
    this.deck = deckOf(state.rules.deck);
    const serials = deckSerialsOf(state.rules.deck);
    this.readings.reset(state.players, serials);
    this.serials = 0;
    for (const n of serials) this.serials = Math.max(this.serials, n + 1);
    const seen = new Set<CardId>([...this.hand, ...this.discard]);
    const unseen = this.newGroup([]);
    for (let s = 0; s < state.players; s++) if (s !== this.seat) unseen.slots[s] = state.hands[s].length;
    unseen.supply = state.supply.length;
    if (state.supply.length > 0) this.segments.push({ group: unseen, count: state.supply.length });
    for (const id of this.deck) if (!seen.has(id)) this.addCard(unseen, id);
    if (state.shown) this.showHands(state);
    this.moves = state.moves;
    if (!this.consistent(state)) throw new Error(`seat ${this.seat} cannot account for the round's cards: its deck does not hold them`);
  }

  private newGroup(cards: CardId[]): Group {
    const g: Group = { cards: [], slots: Array<number>(this.players).fill(0), supply: 0 };
    for (const id of cards) this.addCard(g, id);
    this.groups.push(g);
    return g;
  }

  private addCard(g: Group, id: CardId): void {
    g.cards.push(card(id).serial);
    this.where.set(id, g);
  }

  /** Takes a card out of its group, from seat `from`'s slot (or the supply's, `from` -1). False when it cannot be there. */
  private takeCard(id: CardId, from: number): boolean {
    const g = this.where.get(id);
    if (!g) return false;
    if (from < 0 ? g.supply <= 0 : g.slots[from] <= 0) return false;
    if (from < 0) g.supply--;
    else g.slots[from]--;
    g.cards.splice(g.cards.indexOf(card(id).serial), 1);
    this.where.delete(id);
    return true;
  }

  /** The next card out of the supply goes to `to`: seen when `to` is this seat (`id`), counted otherwise. */
  private fromSupply(to: number, id: CardId): boolean {
    const seg = this.segments[0];
    if (!seg) return false;
    if (--seg.count === 0) this.segments.shift();
    if (to === this.seat) {
      this.hand.push(id);
      return this.where.get(id) === seg.group && this.takeCard(id, -1);
    }
    seg.group.supply--;
    seg.group.slots[to]++;
    return true;
  }

  /** Cards laid on the discard pile to the supply's bottom, shuffled: a group of known cards in unknown order. */
  private reload(cards: readonly CardId[]): void {
    const g = this.newGroup(cards.slice());
    g.supply = cards.length;
    if (cards.length > 0) this.segments.push({ group: g, count: cards.length });
    this.discard = this.discard.slice(-1);
    this.lidCycle();
  }

  private lidCycle(): void {
    if (this.resetOnLidCycle) this.counters = { presses: 0, sinceBurst: 0 };
  }

  /** `seat`'s whole hand is now known to be `cards` (seen): a group of its own. */
  private knownHand(seat: number, cards: readonly CardId[]): boolean {
    for (const id of cards) if (!this.takeCard(id, seat)) return false;
    for (const g of this.groups) if (g.slots[seat] !== 0) return false;
    const g = this.newGroup(cards.slice());
    g.slots[seat] = cards.length;
    this.readings.known(seat);
    return true;
  }

  private showHands(state: GameState): boolean {
    for (let s = 0; s < state.players; s++) if (s !== this.seat && !this.knownHand(s, state.hands[s])) return false;
    return true;
  }

  /** The events of one move; false when they do not fit what the view holds (it then restarts). */
  private apply(state: GameState, move: Move, events: readonly GameEvent[]): boolean {
    const colourBefore = this.colour;
    this.readChoice(move);
    let handFromState = false;
    for (const e of events) {
      if (handFromState && (e.type === 'play' || e.type === 'press' || e.type === 'draw')) return false;
      switch (e.type) {
        case 'play':
          for (const id of e.cards) {
            if (e.seat === this.seat) {
              const i = this.hand.indexOf(id);
              if (i < 0) return false;
              this.hand.splice(i, 1);
            } else {
              this.readings.played(e.seat, this.handSize(e.seat), id);
              if (!this.takeCard(id, e.seat)) return false;
            }
            this.discard.push(id);
          }
          if (card(e.cards[0]).kind === 'wild4') this.wild4 = { by: e.seat, colour: colourBefore };
          // A wild's colour is named (the event gives every play's colour: the card's own for the others).
          if (e.colour !== null && e.seat !== this.seat && card(e.cards[e.cards.length - 1]).colour === null) this.readColour(e.seat, e.colour);
          break;
        case 'press': {
          const half = e.halfOut ?? 0;
          for (let i = 0; i < e.cards.length; i++) if (!this.fromSupply(i < e.cards.length - half ? e.aimAt : e.seat, e.cards[i])) return false;
          this.counters = { presses: this.counters.presses + 1, sinceBurst: e.fired ? 0 : this.counters.sinceBurst + 1 };
          break;
        }
        case 'draw':
          for (const id of e.cards) if (!this.fromSupply(e.seat, id)) return false;
          break;
        case 'reload':
          this.reload(e.cards);
          break;
        case 'reshuffle':
          this.reload(this.discard.slice(0, -1));
          break;
        case 'trade':
          if (e.seat === this.seat || e.target === this.seat) {
            // The hand this seat is given is the one it now holds: nothing else moves in the same move.
            const other = e.seat === this.seat ? e.target : e.seat;
            const mine = this.hand;
            this.hand = state.hands[this.seat].slice();
            if (!this.knownCardsFrom(other, this.hand)) return false;
            this.newGroup(mine).slots[other] = mine.length;
            this.readings.known(other);
            handFromState = true;
          } else {
            for (const g of this.groups) [g.slots[e.seat], g.slots[e.target]] = [g.slots[e.target], g.slots[e.seat]];
            this.readings.swap(e.seat, e.target);
          }
          break;
        case 'rotate': {
          const from = state.out.map(() => -1);
          for (let s = 0; s < this.players; s++) if (!state.out[s]) from[nextSeat({ ...state, direction: e.direction }, s)] = s;
          const giver = from[this.seat];
          const mine = this.hand;
          this.hand = state.hands[this.seat].slice();
          if (!this.knownCardsFrom(giver, this.hand)) return false;
          for (const g of this.groups) g.slots = g.slots.map((_, s) => (from[s] < 0 || from[s] === this.seat ? 0 : g.slots[from[s]]));
          this.readings.passed(from.map((f, s) => (f === this.seat || s === this.seat ? -1 : f)));
          this.newGroup(mine).slots[nextSeat({ ...state, direction: e.direction }, this.seat)] = mine.length;
          handFromState = true;
          break;
        }
        case 'colour':
          if (e.seat !== this.seat) this.readColour(e.seat, e.colour);
          break;
        case 'takeBack':
          // The +4 on top of the discard pile goes back to the hand of the seat that played it, seen by all.
          if (this.discard.pop() !== e.card) return false;
          if (e.seat === this.seat) this.hand.push(e.card);
          else this.newGroup([e.card]).slots[e.seat] = 1;
          break;
        case 'roundOver':
        case 'start': case 'uno': case 'caught': case 'skip': case 'direction':
        case 'show': case 'challenge': case 'request': case 'turn':
          break;
      }
    }
    if (move.type === 'launcher' && move.jam) this.lidCycle();
    if (state.pending?.kind !== 'challenge') this.wild4 = null;
    this.colour = state.colour;
    this.moves = state.moves;
    this.prune();
    if (state.shown && !this.showHands(state)) return false;
    return this.consistent(state);
  }

  /** How many cards `seat` holds, as the view counts them. */
  private handSize(seat: number): number {
    let n = 0;
    for (const g of this.groups) n += g.slots[seat];
    return n;
  }

  /**
   * What `move` tells of its player's hand, read on the table it was made at: pressing (or
   * drawing) on one's turn or instead of stacking, or passing after a Play Again, says the hand
   * held none of the cards the rules let it play then; a wild played on one's turn that keeps
   * more than one card back says it held no coloured card that could be played (wilds are kept
   * for when nothing else plays). Forced presses say nothing.
   */
  private readChoice(move: Move): void {
    const before = this.before;
    if (!before || move.seat === this.seat) return;
    const p = before.pending;
    const hand = this.handSize(move.seat);
    const turn = p === null && move.seat === before.turn;
    const wild = move.type === 'play' && turn && move.also === undefined && card(move.card).colour === null && hand - 1 > 1;
    const declined = move.type === 'press' || move.type === 'draw'
      ? turn || (p?.kind === 'stack' && p.seat === move.seat)
      : move.type === 'pass' && p?.kind === 'playAgain' && p.seat === move.seat;
    if (!declined && !wild) return;
    const table = roundOf(before);
    const banned = new Uint8Array(this.serials);
    for (const id of this.deck) {
      const c = card(id);
      if ((!wild || c.colour !== null) && playableBy(table, move.seat, c.serial) === null) banned[c.serial] = 1;
    }
    // The wild itself is among the cards held: its play takes it from the tranche the ban makes.
    this.readings.couldNotPlay(move.seat, hand, banned);
  }

  /** `seat` named `colour` (a wild's, or asked for one): it very likely holds a card of it. */
  private readColour(seat: number, colour: Colour): void {
    const banned = new Uint8Array(this.serials);
    for (const id of this.deck) if (card(id).colour !== colour) banned[card(id).serial] = 1;
    this.readings.namedColour(seat, this.handSize(seat), banned);
  }

  /** The cards `seat` held, now this seat's: each leaves `seat`'s slot of its group. */
  private knownCardsFrom(seat: number, cards: readonly CardId[]): boolean {
    for (const id of cards) if (!this.takeCard(id, seat)) return false;
    for (const g of this.groups) if (g.slots[seat] !== 0) return false;
    return true;
  }

  private prune(): void {
    this.groups = this.groups.filter((g) => g.cards.length > 0);
  }

  /** The view's counts agree with what `state` shows of the table. */
  private consistent(state: GameState): boolean {
    if (this.hand.length !== state.hands[this.seat].length) return false;
    const mine = state.hands[this.seat].slice().sort();
    const held = this.hand.slice().sort();
    if (mine.some((id, i) => id !== held[i])) return false;
    const bySeat = Array<number>(state.players).fill(0);
    let supply = 0;
    for (const g of this.groups) {
      let n = g.supply;
      for (let s = 0; s < state.players; s++) (n += g.slots[s]), (bySeat[s] += g.slots[s]);
      if (n !== g.cards.length || g.supply < 0 || g.slots.some((x) => x < 0)) return false;
      supply += g.supply;
    }
    let segments = 0;
    for (const seg of this.segments) segments += seg.count;
    if (supply !== state.supply.length || segments !== supply) return false;
    for (let s = 0; s < state.players; s++) if (s !== this.seat && (bySeat[s] !== state.hands[s].length || this.readings.constrained(s) > bySeat[s])) return false;
    return this.discard.length === state.discard.length;
  }

  /**
   * Every other hand and the supply, drawn at random from what the seat knows: each group's
   * cards shuffled and dealt to its slots, what the seats' choices tell dealt first
   * ({@link deal}). This seat's own hand is not part of it.
   */
  sample(rng: Rng): Sample {
    const { hands, rest } = deal(this.groups, this.readings, this.players, rng);
    const supplyShare = new Map<Group, number[]>();
    this.groups.forEach((g, i) => supplyShare.set(g, rest[i]));
    const supply: CardId[] = [];
    for (const seg of this.segments) {
      const share = supplyShare.get(seg.group)!;
      for (let k = 0; k < seg.count; k++) supply.push(idAt(share.pop()!));
    }
    return { hands: hands.map(idsAt), supply };
  }
}
