/**
 * What the other players' choices tell of their hands. A player who presses the launcher (or
 * draws) on their turn instead of playing, who takes a stack instead of adding to it, or who
 * passes after a Play Again, very likely held no card they could have played then (the rules
 * allow pressing when one could play, so it is likely, not certain: docs/rules.md). One who
 * plays a wild on their turn and keeps more than one card back very likely had no coloured card
 * to play (wilds are kept for when nothing else plays). A player who names a colour (with a
 * wild, or when asked to) very likely holds a card of it.
 *
 * Each other seat's hand is kept as tranches: so many of its cards, held at such moments, and
 * the cards they therefore cannot be; the rest of the hand came later and is free. A tranche is
 * a count and a ban list: a new moment bans more of every tranche still held and makes a tranche
 * of the free cards; a card the seat plays leaves the most constrained tranche it could be in
 * (or the free cards, when no tranche could hold it). A played card that no tranche could hold
 * and no free card left for shows the seat pressed while it could play: its tranches are dropped.
 * A colour named makes a tranche of one card that can be only of that colour.
 * A hand that changes owner takes its tranches along; a hand that becomes known drops them.
 *
 * Only public things decide a ban: the table before the move (top card, colour, the request),
 * the rules, and which seat chose. A determinisation deals the tranches first (the most banned
 * first, each card drawn among the cards allowed in it) and the rest as before ({@link deal}).
 */
import type { Rng } from '../../../lib/rng.ts';
import { card, type CardId } from '../../cards.ts';

/**
 * The chance that a player who could play pressed anyway (a person may keep a card back): in
 * that share of determinisations a seat's tranches are ignored, so a player who does so is
 * still drawn with the cards they hold.
 */
export const PRESSED_THOUGH_PLAYABLE = 0.05;

/**
 * So many cards of a seat's hand, each none of the banned cards (by serial: 1 bans). Serials
 * number every card the process has met, in the order it met them (game/cards.ts), so a ban list
 * also has places for cards of other decks, never banned: what a tranche may be is asked of the
 * deck's own cards only, or a thread that played another rule set first would read more into it.
 */
export interface Tranche {
  count: number;
  banned: Uint8Array;
  /** How many of the deck's cards it bans: the order in which tranches are dealt (most first). */
  bans: number;
}

/** The tranches of every seat's hand (none for this seat's own, which it sees). */
export class HandReadings {
  private held: Tranche[][] = [];
  /** The deck's cards (serials): a tranche banned from all of them is proved wrong. */
  private deck: readonly number[] = [];

  /** Forgets everything: a new round (of the deck of serials `deck`), or a view started again from a state. */
  reset(players: number, deck: readonly number[]): void {
    this.held = Array.from({ length: players }, () => []);
    this.deck = deck;
  }

  /** The tranches of `seat`'s hand, most banned first. */
  of(seat: number): readonly Tranche[] {
    return this.held[seat];
  }

  /** Cards of `seat`'s hand held in some tranche. */
  constrained(seat: number): number {
    let n = 0;
    for (const t of this.held[seat]) n += t.count;
    return n;
  }

  /** `seat`'s hand became known (seen, traded to this seat, laid open): nothing is left to infer. */
  known(seat: number): void {
    this.held[seat] = [];
  }

  /**
   * `seat`, holding `hand` cards, chose not to play when `banned` lists the cards it could have
   * played: every card held now is none of them.
   */
  couldNotPlay(seat: number, hand: number, banned: Uint8Array): void {
    for (const t of this.held[seat]) t.bans = ban(t.banned, banned);
    // A tranche that can be no card at all was wrong (the colour named was played since, or a press
    // was a bluff): its cards are known only by this choice now.
    const ts = (this.held[seat] = this.held[seat].filter((t) => t.bans < this.deck.length));
    const free = hand - this.constrained(seat);
    if (free > 0) {
      const t: Tranche = { count: free, banned: new Uint8Array(banned.length), bans: 0 };
      t.bans = ban(t.banned, banned);
      ts.push(t);
    }
    ts.sort((a, b) => b.bans - a.bans);
  }

  /**
   * `seat`, holding `hand` cards, named a colour: one of them is very likely of that colour
   * (`banned` lists the others). The card is one of the free ones, or else one of the least
   * constrained tranche's that may be of that colour.
   */
  namedColour(seat: number, hand: number, banned: Uint8Array): void {
    const ts = this.held[seat];
    let from: Tranche | null = null;
    if (hand - this.constrained(seat) <= 0) {
      for (let k = ts.length - 1; k >= 0 && !from; k--) {
        const t = ts[k];
        if (this.deck.some((n) => t.banned[n] === 0 && banned[n] === 0)) from = t;
      }
      if (!from) return;
      if (--from.count === 0) ts.splice(ts.indexOf(from), 1);
    }
    const t: Tranche = { count: 1, banned: from ? from.banned.slice() : new Uint8Array(banned.length), bans: 0 };
    t.bans = ban(t.banned, banned);
    ts.push(t);
    ts.sort((a, b) => b.bans - a.bans);
  }

  /** `seat`, holding `hand` cards, played `id` (before it left the hand). */
  played(seat: number, hand: number, id: CardId): void {
    const ts = this.held[seat];
    if (ts.length === 0) return;
    const serial = card(id).serial;
    // The most constrained tranche the card could be in: what stays held is then the least constrained it can be.
    const from = ts.find((t) => t.banned[serial] === 0);
    if (from) {
      if (--from.count === 0) ts.splice(ts.indexOf(from), 1);
    } else if (hand - this.constrained(seat) <= 0) {
      // Every card held was banned from being this one, and it was held: the seat pressed though it could play.
      this.held[seat] = [];
    }
  }

  /** Seats `a` and `b` traded hands (neither of them this seat). */
  swap(a: number, b: number): void {
    [this.held[a], this.held[b]] = [this.held[b], this.held[a]];
  }

  /** Every hand passed on: seat `s` now holds what `from[s]` held (-1: a hand this seat knows). */
  passed(from: readonly number[]): void {
    const old = this.held;
    this.held = from.map((f) => (f < 0 ? [] : old[f]));
  }
}

/** Adds `more`'s bans to `banned`; how many it bans now. */
function ban(banned: Uint8Array, more: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < banned.length; i++) n += banned[i] |= more[i];
  return n;
}

/** Cards (serials) shuffled among slots, as a determinisation deals them: `slots[seat]` to each seat, the rest to the supply. */
export interface Pile {
  cards: readonly number[];
  slots: readonly number[];
}

/**
 * Deals every pile's cards (serials) at random: each seat's tranches first (the most banned
 * first, each card drawn among the cards of the piles that still deal to that seat and that the
 * tranche allows), then the rest of each pile to its slots in seat order. A seat's tranches are
 * left out with the chance {@link PRESSED_THOUGH_PLAYABLE}. Gives each seat's hand and each
 * pile's cards left for the supply, in random order.
 */
export function deal(piles: readonly Pile[], readings: HandReadings, players: number, rng: Rng): { hands: number[][]; rest: number[][] } {
  const hands: number[][] = Array.from({ length: players }, () => []);
  const pools = piles.map((p) => rng.shuffle(p.cards));
  const left = piles.map((p) => p.slots.slice());
  const order: Tranche[] = [];
  const seatOf = new Map<Tranche, number>();
  for (let s = 0; s < players; s++) {
    const ts = readings.of(s);
    if (ts.length === 0 || rng.chance(PRESSED_THOUGH_PLAYABLE)) continue;
    for (const t of ts) order.push(t), seatOf.set(t, s);
  }
  order.sort((a, b) => b.bans - a.bans);
  for (const t of order) {
    const s = seatOf.get(t)!;
    for (let k = 0; k < t.count; k++) {
      const pile = pileFor(pools, left, s, t.banned, rng);
      // No card left is allowed (the seat pressed though it could play, and has not shown it yet):
      // the tranche's other cards are dealt with the rest, as if nothing were known of them.
      if (pile < 0) break;
      const pool = pools[pile];
      // A pool is shuffled: its first allowed card is drawn uniformly among its allowed cards.
      let j = 0;
      while (t.banned[pool[j]] !== 0) j++;
      hands[s].push(pool[j]);
      pool.splice(j, 1);
      left[pile][s]--;
    }
  }
  const rest = pools.map((pool, i) => {
    let at = 0;
    for (let s = 0; s < players; s++) for (let k = 0; k < left[i][s]; k++) hands[s].push(pool[at++]);
    return pool.slice(at);
  });
  return { hands, rest };
}

/**
 * The pile a card for `seat` comes from, among those with a slot left for it, by how many of
 * their cards `banned` allows (-1: none allows any).
 */
function pileFor(pools: readonly number[][], left: readonly number[][], seat: number, banned: Uint8Array, rng: Rng): number {
  let only = -1;
  let piles = 0;
  for (let i = 0; i < pools.length; i++) if (left[i][seat] > 0) (only = i), piles++;
  if (piles === 1) return pools[only].some((n) => banned[n] === 0) ? only : -1;
  const counts = pools.map((pool, i) => (left[i][seat] > 0 ? allowed(pool, banned) : 0));
  let r = counts.reduce((a, b) => a + b, 0);
  if (r === 0) return -1;
  r = rng.int(r);
  let i = 0;
  while (r >= counts[i]) r -= counts[i++];
  return i;
}

function allowed(pool: readonly number[], banned: Uint8Array): number {
  let n = 0;
  for (let j = 0; j < pool.length; j++) if (banned[pool[j]] === 0) n++;
  return n;
}
