/**
 * A bot that plays well: it keeps its wilds for when it needs them, names its strongest colour,
 * attacks a next player who is close to going out, aims Coup Extrême (and trades hands) at the
 * leader, lays Discard All when it takes other cards along, stacks when it can.
 */
import { card, cardPoints, COLOURS, type CardId, type Colour } from '../cards.ts';
import { laidBy } from '../play.ts';
import type { GameState, Move } from '../state.ts';
import { activeSeats, nextSeat, teamOf } from '../turn.ts';
import { botCore, distinctPlays, reactToUno, withUnoCall, type Bot, type BotOptions } from './types.ts';

type Play = Extract<Move, { type: 'play' }>;

const ATTACKS = new Set(['hit2', 'hit4', 'draw2', 'wild4', 'allHit', 'hitFire']);

/** The colour a hand holds most points of (ties: most cards, then the first colour). */
export function strongestColour(hand: readonly CardId[]): Colour {
  // One pass over the hand (not one per colour): the scores are whole numbers, so the sums are the same.
  let red = 0, yellow = 0, green = 0, blue = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = card(hand[i]);
    const v = 10 + (c.number ?? 10);
    if (c.colour === 'red') red += v;
    else if (c.colour === 'yellow') yellow += v;
    else if (c.colour === 'green') green += v;
    else if (c.colour === 'blue') blue += v;
  }
  // Ties go to the first colour of COLOURS (red, yellow, green, blue).
  let best: Colour = 'red';
  let bestScore = red;
  if (yellow > bestScore) (best = 'yellow'), (bestScore = yellow);
  if (green > bestScore) (best = 'green'), (bestScore = green);
  if (blue > bestScore) best = 'blue';
  return best;
}

/** The opponent closest to winning: fewest cards, then highest match total. */
export function leader(state: GameState, seat: number): number {
  const mine = state.rules.options.teams ? teamOf(state.players, seat) : -1;
  // The first rival in the order (fewest cards, highest total, lowest seat): a scan, no sort, no closures.
  let best: number | undefined;
  for (const s of activeSeats(state)) {
    if (s === seat || (mine >= 0 && teamOf(state.players, s) === mine)) continue;
    if (best === undefined || closerToWinning(state, s, best)) best = s;
  }
  return best!;
}

/** Seat `a` comes before seat `b` as the leader: fewer cards, then a higher match total, then the lower seat. */
function closerToWinning(state: GameState, a: number, b: number): boolean {
  const cards = state.hands[a].length - state.hands[b].length;
  if (cards !== 0) return cards < 0;
  const totals = (state.scores?.[b] ?? 0) - (state.scores?.[a] ?? 0);
  return totals !== 0 ? totals < 0 : a < b;
}

/**
 * What scoring the moves of one decision shares: the leader and the next player's hand size are
 * the same for every candidate, and the strongest colour depends only on the card laid. Computed
 * once per decision (or once per card), not once per move: same choices, far less work.
 */
interface Scoring {
  state: GameState;
  seat: number;
  victimCards: number;
  leader: number | undefined;
  /**
   * The card (or pair) scored last, with what it lays and keeps. The list gives all the variants
   * of a card (colours, targets) one after another, so one entry serves them all; another card
   * replaces it (a Map per decision cost more than it saved).
   */
  last: Laid | null;
}

/** What one card (or pair) lays, what stays in hand, and the cards of each colour that stay. */
interface Laid {
  card: CardId;
  also: CardId | undefined;
  laid: CardId[];
  rest: CardId[];
  /** Cards of each colour in `rest`, counted on first use (a wild is scored once per colour). */
  colourCount: Partial<Record<Colour, number>>;
  /** The colour a wild should name: the strongest of what stays (on first use). */
  strongest: Colour | undefined;
}

/** Cards of `colour` in `rest` (none when no colour is named). */
function countColour(lr: Laid, colour: Colour | undefined): number {
  if (colour === undefined) return 0;
  let n = lr.colourCount[colour];
  if (n === undefined) {
    n = 0;
    for (let i = 0; i < lr.rest.length; i++) if (card(lr.rest[i]).colour === colour) n++;
    lr.colourCount[colour] = n;
  }
  return n;
}

function score(k: Scoring, m: Play): number {
  const { state, seat } = k;
  const c = card(m.card);
  const hand = state.hands[seat];
  let lr = k.last;
  if (lr === null || lr.card !== m.card || lr.also !== m.also) {
    const l = laidBy(state, m, c);
    k.last = lr = { card: m.card, also: m.also, laid: l, rest: hand.filter((id) => !l.includes(id)), colourCount: {}, strongest: undefined };
  }
  const { laid, rest } = lr;
  const victimCards = k.victimCards;
  let v = cardPoints(state.rules.points, m.card) / 10;
  if (c.colour === null) {
    if (rest.length > 1) v -= 30; // keep wilds for when nothing else plays
    if (m.colour !== undefined) {
      lr.strongest ??= strongestColour(rest.length ? rest : hand);
      if (m.colour !== lr.strongest) v -= 100;
    }
  }
  const colour = c.colour ?? m.colour;
  v += 2 * countColour(lr, colour);
  if (ATTACKS.has(c.kind)) v += 12 + Math.max(0, 8 - victimCards) * 3;
  if (c.kind === 'skip' || c.kind === 'reverse') v += 4 + Math.max(0, 5 - victimCards) * 2;
  if (c.kind === 'discardAll') v += laid.length > 1 ? 10 * (laid.length - 1) : -15;
  if (c.kind === 'playAgain') v += 6;
  if (m.also !== undefined) v += 8;
  if (m.target !== undefined) {
    const target = (k.leader ??= leader(state, seat));
    if (m.target !== target) v -= 100;
    if (c.kind === 'coupExtreme') v += 15;
    else v += 5 * (rest.length - state.hands[m.target].length) - 10; // trading pays with a smaller hand
  }
  return v;
}

/** The heuristic bot. */
export function heuristicBot(o: BotOptions & { challengeChance?: number }): Bot {
  const core = botCore(o);
  const { rng } = core;
  const challengeChance = o.challengeChance ?? 0.25;
  return {
    name: 'heuristic',
    choose(state, seat, moves) {
      // Plain loops over the list: this runs for every decision of every simulated round.
      let firstColour: Move | null = null;
      let challenge: Move | null = null;
      let hasPlay = false;
      for (const m of moves) {
        if (m.type === 'colour') firstColour ??= m;
        else if (m.type === 'challenge') challenge ??= m;
        else if (m.type === 'play' && !m.uno) hasPlay = true;
      }
      if (firstColour) {
        const best = strongestColour(state.hands[seat]);
        for (const m of moves) if (m.type === 'colour' && m.colour === best) return m;
        return firstColour;
      }
      if (challenge) return rng.chance(challengeChance) ? challenge : moves.find((m) => m.type === 'accept')!;
      if (!hasPlay) return moves.find((m) => m.type !== 'uno' && m.type !== 'catch') ?? moves[0];
      // The distinct plays (distinctPlays), scored in list order.
      let best: Play | null = null;
      let bestScore = -Infinity;
      const k: Scoring = { state, seat, victimCards: state.hands[nextSeat(state, seat)].length, leader: undefined, last: null };
      for (const m of moves) {
        if (m.type !== 'play' || m.uno) continue;
        const v = score(k, m) + rng.next() * 0.01; // tiny jitter breaks ties
        if (v > bestScore) (best = m), (bestScore = v);
      }
      return withUnoCall(core, moves, best!);
    },
    react(state, seat, moves) {
      const uno = reactToUno(core, moves);
      if (uno) return uno;
      const jumps = distinctPlays(moves);
      return jumps.length > 0 ? withUnoCall(core, moves, jumps[0]) : null;
    },
  };
}
