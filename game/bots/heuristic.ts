/**
 * A bot that plays well: it keeps its wilds for when it needs them, names its strongest colour,
 * attacks a next player who is close to going out, aims Coup Extrême (and trades hands) at the
 * leader, lays Discard All when it takes other cards along, stacks when it can.
 */
import { CARD_KINDS, cardAt, COLOURS, pointsAt, pointTable, serialsOf, type CardId, type CardKind, type Colour, type Points } from '../cards.ts';
import { KEY_AT, keyColour, keyFace, keyKind } from '../core/keys.ts';
import type { Round } from '../core/round.ts';
import { ACCEPT, CATCH, CHALLENGE, COLOUR as COLOUR_MOVE, PLAY, UNO, type MoveList } from '../core/moves.ts';
import { EFFECT_OF_KIND } from '../effects/index.ts';
import { laidOf } from '../play.ts';
import type { GameState } from '../state.ts';
import { nextSeat, teamOf } from '../turn.ts';
import { botCore, nthPlay, reactToUnoAt, roundBot, withUnoCallAt, type BotOptions, type RoundBot } from './types.ts';

/** The kinds that make the next player take cards. */
const ATTACKS: readonly CardKind[] = ['hit2', 'hit4', 'draw2', 'wild4', 'allHit', 'hitFire'];
/** {@link ATTACKS} by {@link Card.kindIndex}: an array read per candidate, not a lookup by kind name. */
const ATTACK_BY_KIND: readonly boolean[] = CARD_KINDS.map((k) => ATTACKS.includes(k));
/** The kinds whose effect lays more cards than the card and its pair (Discard All), by kind index: read per candidate. */
const LAYS_BY_KIND: readonly boolean[] = EFFECT_OF_KIND.map((e) => e.lays !== undefined);
/** The kind indices the scores name ({@link CARD_KINDS}): a card's kind is read from its key (game/core/keys.ts). */
const SKIP = CARD_KINDS.indexOf('skip'), REVERSE = CARD_KINDS.indexOf('reverse'), DISCARD_ALL = CARD_KINDS.indexOf('discardAll');
const PLAY_AGAIN = CARD_KINDS.indexOf('playAgain'), COUP = CARD_KINDS.indexOf('coupExtreme'), NUMBER = CARD_KINDS.indexOf('number');

/** The colour a hand holds most points of (ties: most cards, then the first colour). */
export function strongestColour(hand: readonly CardId[]): Colour {
  return COLOURS[strongestOf(serialsOf(hand))];
}

/** The sums {@link strongestOf} compares, written over by each call. */
const handSums = [0, 0, 0, 0];

/** {@link strongestColour} of a hand of serials (a round's), as an index in COLOURS. */
function strongestOf(hand: readonly number[]): number {
  handSums[0] = handSums[1] = handSums[2] = handSums[3] = 0;
  colourSums(hand, null, handSums);
  return bestOf(handSums);
}

/**
 * Adds each coloured card of `hand` (serials) to `count` (when given) and its {@link strength}
 * to `sums`, by colour index: one pass over the hand's keys, not one per colour.
 */
function colourSums(hand: readonly number[], count: number[] | null, sums: number[]): void {
  const keys = KEY_AT;
  for (let i = 0; i < hand.length; i++) {
    const key = keys[hand[i]];
    const colour = keyColour(key);
    if (colour < 0) continue;
    if (count !== null) count[colour]++;
    sums[colour] += strength(key);
  }
}

/** What {@link leader} reads: a state's or a round's seats, hand sizes and totals. */
type Table = Pick<GameState, 'rules' | 'players' | 'out' | 'scores'> & { hands: readonly { length: number }[] };

/** The opponent closest to winning: fewest cards, then highest match total. */
export function leader(state: Table, seat: number): number {
  const mine = state.rules.options.teams ? teamOf(state.players, seat) : -1;
  // The first rival in the order (fewest cards, highest total, lowest seat): a scan of the seats
  // still in (activeSeats' order), no list of them, no sort, no closures.
  let best: number | undefined;
  for (let s = 0; s < state.players; s++) {
    if (state.out[s] || s === seat || (mine >= 0 && teamOf(state.players, s) === mine)) continue;
    if (best === undefined || closerToWinning(state, s, best)) best = s;
  }
  return best!;
}

/** Seat `a` comes before seat `b` as the leader: fewer cards, then a higher match total, then the lower seat. */
function closerToWinning(state: Table, a: number, b: number): boolean {
  const cards = state.hands[a].length - state.hands[b].length;
  if (cards !== 0) return cards < 0;
  const totals = (state.scores?.[b] ?? 0) - (state.scores?.[a] ?? 0);
  return totals !== 0 ? totals < 0 : a < b;
}


/** What a card (its key, game/core/keys.ts) adds to its colour in {@link strongestColour}: 10 and its number, 20 for another card. */
function strength(key: number): number {
  const face = keyFace(key);
  return face < 10 ? 10 + face : 20;
}

/** The colour with the highest sum (sums in COLOURS order; ties: the first) as its index, as strongestColour picks it. */
function bestOf(sums: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < sums.length; i++) if (sums[i] > sums[best]) best = i;
  return best;
}

/**
 * What scoring the moves of one decision shares: the leader, the next player's hand size, and
 * the hand's cards and strength per colour, the same for every candidate. What a play keeps is
 * the hand less what it lays (cards that all come from the hand), so the counts of what it keeps
 * are these less the laid cards': a pass over the cards laid per play, not over the hand. A bot
 * keeps one and fills it again for each decision it scores: nothing is allocated per decision.
 */
class Scoring {
  state!: Round;
  seat = 0;
  victimCards = 0;
  /** The leader ({@link leader}), once asked; {@link UNASKED} until then. */
  leader: number | undefined = UNASKED;
  /** Cards of each colour in the hand (COLOURS order). */
  readonly count = [0, 0, 0, 0];
  /** Strength of each colour in the hand, as strongestColour sums it. */
  readonly strength = [0, 0, 0, 0];
  /** The points of each card under the rules ({@link pointTable}), and the points table it was built for. */
  points: number[] = [];
  pointsOf: Points | null = null;
  /** The strongest colour of the whole hand (bestOf(strength), an index in COLOURS), once asked; -1 until then. */
  best = -1;

  // The terms of one card (and its pair), the same for all its candidates: a wild is listed once
  // per colour it may name and a Coup Extrême once per colour and target, one after the other.
  /** The card (serial) and pair these are of; -1: none yet in this decision. */
  card = -1;
  also = -1;
  /** The card's colour (index; -1: a wild), and whether it is a Coup Extrême. */
  colourIndex = -1;
  coup = false;
  /** The card passes every hand the way its target is (a 7 under `sevenZero` with `zeroSwaps`). */
  passes = false;
  /** What the play lays, as a list (null: only the card and its pair, see {@link laidOf}), and how many. */
  laidCards: number[] | null = null;
  laid = 0;
  /** Cards the hand keeps after the play. */
  kept = 0;
  /** The score's start: the card's points, and for a wild the cost of laying it early. */
  start = 0;
  /** The colour a wild should name ({@link strongestKept}, as an index), once asked; -1 until then. */
  named = -1;
  /** Laid cards of each colour (COLOURS order). */
  readonly laidOfColour = [0, 0, 0, 0];
  /** The strength of each colour a play keeps, as {@link strongestKept} sums it. */
  readonly keptStrength = [0, 0, 0, 0];
  /** What the card's kind adds (an attack, a skip, Discard All…: at most one applies), and a pair. */
  kindBonus = 0;
  pairBonus = 0;

  /** Sets this up for `seat`'s decision in `state`. */
  reset(state: Round, seat: number): this {
    const { count, strength: sums } = this;
    count[0] = count[1] = count[2] = count[3] = 0;
    sums[0] = sums[1] = sums[2] = sums[3] = 0;
    colourSums(state.hands[seat], count, sums);
    this.state = state;
    this.seat = seat;
    this.victimCards = state.hands[nextSeat(state, seat)].length;
    this.leader = UNASKED;
    this.best = -1;
    this.card = -1;
    // pointTable gives the same table for the same points: looked up once per rule set, not per decision.
    if (this.pointsOf !== state.rules.points) (this.points = pointTable(state.rules.points, state.rules.deck)), (this.pointsOf = state.rules.points);
    return this;
  }

  /** Sets the card terms up for the play of `card` (a serial) with the pair `also` (-1: none). */
  cardTerms(card: number, also: number): void {
    const { state, seat } = this;
    const key = KEY_AT[card];
    const kind = keyKind(key);
    const colourIndex = keyColour(key);
    const laidCards = LAYS_BY_KIND[kind] ? laidOf(state, seat, cardAt(card), also) : null;
    const laid = laidCards ? laidCards.length : also >= 0 ? 2 : 1;
    // The laid cards all come from the hand (ids are unique): what stays is the rest.
    const kept = state.hands[seat].length - laid;
    const byColour = this.laidOfColour;
    byColour[0] = byColour[1] = byColour[2] = byColour[3] = 0;
    // Without a list, the play lays the card and its pair, both of the card's colour.
    if (laidCards === null) {
      if (colourIndex >= 0) byColour[colourIndex] = laid;
    } else {
      for (let n = 0; n < laidCards.length; n++) {
        const l = keyColour(KEY_AT[laidCards[n]]);
        if (l >= 0) byColour[l]++;
      }
    }
    let start = pointsAt(this.points, state.rules.points, card) / 10;
    if (colourIndex < 0 && kept > 1) start -= 30; // keep wilds for when nothing else plays
    const victimCards = this.victimCards;
    let kindBonus = 0;
    if (ATTACK_BY_KIND[kind]) kindBonus = 12 + Math.max(0, 8 - victimCards) * 3;
    else if (kind === SKIP || kind === REVERSE) kindBonus = 4 + Math.max(0, 5 - victimCards) * 2;
    else if (kind === DISCARD_ALL) kindBonus = laid > 1 ? 10 * (laid - 1) : -15;
    else if (kind === PLAY_AGAIN) kindBonus = 6;
    this.card = card;
    this.also = also;
    this.colourIndex = colourIndex;
    this.coup = kind === COUP;
    const o = state.rules.options;
    this.passes = o.zeroSwaps === true && o.sevenZero && kind === NUMBER && keyFace(key) === 7;
    this.laidCards = laidCards;
    this.laid = laid;
    this.kept = kept;
    this.start = start;
    this.named = -1;
    this.kindBonus = kindBonus;
    this.pairBonus = also >= 0 ? 8 : 0;
  }

  /** The colour a wild of the card terms should name, as an index in COLOURS. */
  namedColour(): number {
    if (this.named < 0) this.named = strongestKept(this, this.kept, this.laidCards);
    return this.named;
  }
}

/** {@link Scoring.leader} before it is asked (no seat). */
const UNASKED = -1;

/** The colour a wild of the card terms should name (an index in COLOURS): the strongest of what the hand keeps (of the whole hand when it keeps nothing). */
function strongestKept(k: Scoring, kept: number, laid: readonly number[] | null): number {
  // Only a wild is asked, so a play with no list laid only itself (no colour), and one that
  // keeps nothing goes by the whole hand: the decision's best, found once.
  if (kept === 0 || laid === null) return k.best < 0 ? (k.best = bestOf(k.strength)) : k.best;
  const sums = k.keptStrength;
  for (let i = 0; i < 4; i++) sums[i] = k.strength[i];
  for (let i = 0; i < laid.length; i++) {
    const key = KEY_AT[laid[i]];
    const l = keyColour(key);
    if (l >= 0) sums[l] -= strength(key);
  }
  return bestOf(sums);
}

/**
 * The score of the play `i` of `list`. Its terms are added in one order, the card's first (see
 * {@link Scoring.cardTerms}): the scores are sums of fractions, so another order could round
 * them differently and break a near tie the other way.
 */
function score(k: Scoring, list: MoveList, i: number): number {
  if (list.card[i] !== k.card || list.also[i] !== k.also) k.cardTerms(list.card[i], list.also[i]);
  const named = list.colour[i];
  const target = list.target[i];
  let v = k.start;
  if (k.colourIndex < 0 && named >= 0 && named !== k.namedColour()) v -= 100;
  // The card's colour, or the colour a wild names (-1: none), as an index in COLOURS.
  const colour = k.colourIndex >= 0 ? k.colourIndex : named;
  if (colour >= 0) v += 2 * (k.count[colour] - k.laidOfColour[colour]);
  // Adding nothing leaves a sum as it is: the bonuses that do not apply are 0.
  v += k.kindBonus;
  v += k.pairBonus;
  if (target >= 0) {
    if (k.leader === UNASKED) k.leader = leader(k.state, k.seat);
    if (k.passes) {
      // Every hand passes towards the target: this seat is given the hand of its other neighbour.
      const giver = nextSeat(k.state, k.seat, 1, target === nextSeat(k.state, k.seat, 1, 1) ? -1 : 1);
      v += 5 * (k.kept - k.state.hands[giver].length) - 10;
    } else {
      if (target !== k.leader) v -= 100;
      if (k.coup) v += 15;
      else v += 5 * (k.kept - k.state.hands[target].length) - 10; // trading pays with a smaller hand
    }
  }
  return v;
}

/** The heuristic bot. */
export function heuristicBot(o: BotOptions & { challengeChance?: number }): RoundBot {
  const core = botCore(o);
  const { rng } = core;
  const challengeChance = o.challengeChance ?? 0.25;
  const scorer = new Scoring();
  return roundBot({
    name: 'heuristic',
    chooseAt(state, seat, list, picks) {
      // Plain loops over the picks: this runs for every decision of every simulated round.
      let firstColour = -1;
      let challenge = -1;
      let accept = -1;
      let other = -1;
      let plays = 0;
      let play = -1;
      for (let n = 0; n < picks.length; n++) {
        const i = picks[n];
        const t = list.type[i];
        if (t === COLOUR_MOVE) firstColour = firstColour < 0 ? i : firstColour;
        else if (t === CHALLENGE) challenge = challenge < 0 ? i : challenge;
        else if (t === ACCEPT) accept = accept < 0 ? i : accept;
        else if (t === PLAY && list.uno[i] === 0 && plays++ === 0) play = i;
        if (other < 0 && t !== UNO && t !== CATCH) other = i;
      }
      if (firstColour >= 0) {
        const best = strongestOf(state.hands[seat]);
        for (let n = 0; n < picks.length; n++) if (list.type[picks[n]] === COLOUR_MOVE && list.colour[picks[n]] === best) return picks[n];
        return firstColour;
      }
      if (challenge >= 0) return rng.chance(challengeChance) ? challenge : accept;
      if (plays === 0) return other >= 0 ? other : picks[0];
      // The distinct plays (no UNO-call twins), scored in list order, each with its jitter drawn.
      // A single play is chosen whatever its score: its jitter is drawn all the same, so the
      // stream goes on as if it had been scored.
      if (plays === 1) {
        rng.next();
        return withUnoCallAt(core, list, picks, play);
      }
      let best = -1;
      let bestScore = -Infinity;
      const k = scorer.reset(state, seat);
      for (let n = 0; n < picks.length; n++) {
        const i = picks[n];
        if (list.type[i] !== PLAY || list.uno[i] === 1) continue;
        const v = score(k, list, i) + rng.next() * 0.01; // tiny jitter breaks ties
        if (v > bestScore) (best = i), (bestScore = v);
      }
      return withUnoCallAt(core, list, picks, best);
    },
    reactAt(_state, _seat, list, picks) {
      const uno = reactToUnoAt(core, list, picks);
      if (uno >= 0) return uno;
      const first = nthPlay(list, picks, 0);
      return first >= 0 ? withUnoCallAt(core, list, picks, first) : -1;
    },
  });
}
