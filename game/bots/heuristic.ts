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
  const rivals = activeSeats(state).filter((s) => s !== seat && (mine < 0 || teamOf(state.players, s) !== mine));
  const total = (s: number) => state.scores?.[s] ?? 0;
  rivals.sort((a, b) => state.hands[a].length - state.hands[b].length || total(b) - total(a) || a - b);
  return rivals[0];
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
  strongest: Map<CardId, Colour>;
  /** Per card laid (with its partner, if any): what it lays and what stays in hand. */
  laid: Map<string, Laid>;
}

/** What one card (or pair) lays, what stays in hand, and the cards of each colour that stay. */
interface Laid {
  laid: CardId[];
  rest: CardId[];
  /** Cards of each colour in `rest`, counted on first use (a wild is scored once per colour). */
  colourCount: Partial<Record<Colour, number>>;
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
  const key = m.also === undefined ? m.card : `${m.card}+${m.also}`;
  let lr = k.laid.get(key);
  if (!lr) {
    const l = laidBy(state, m);
    k.laid.set(key, (lr = { laid: l, rest: hand.filter((id) => !l.includes(id)), colourCount: {} }));
  }
  const { laid, rest } = lr;
  const victimCards = k.victimCards;
  let v = cardPoints(state.rules.points, m.card) / 10;
  if (c.colour === null) {
    if (rest.length > 1) v -= 30; // keep wilds for when nothing else plays
    if (m.colour !== undefined) {
      let best = k.strongest.get(m.card);
      if (best === undefined) k.strongest.set(m.card, (best = strongestColour(rest.length ? rest : hand)));
      if (m.colour !== best) v -= 100;
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
      const colours = moves.filter((m) => m.type === 'colour');
      if (colours.length > 0) {
        const best = strongestColour(state.hands[seat]);
        return colours.find((m) => m.colour === best) ?? colours[0];
      }
      const challenge = moves.find((m) => m.type === 'challenge');
      if (challenge) return rng.chance(challengeChance) ? challenge : moves.find((m) => m.type === 'accept')!;
      const plays = distinctPlays(moves);
      if (plays.length === 0) return moves.find((m) => m.type !== 'uno' && m.type !== 'catch') ?? moves[0];
      let best = plays[0];
      let bestScore = -Infinity;
      const k: Scoring = { state, seat, victimCards: state.hands[nextSeat(state, seat)].length, leader: undefined, strongest: new Map(), laid: new Map() };
      for (const m of plays) {
        const v = score(k, m) + rng.next() * 0.01; // tiny jitter breaks ties
        if (v > bestScore) (best = m), (bestScore = v);
      }
      return withUnoCall(core, moves, best);
    },
    react(state, seat, moves) {
      const uno = reactToUno(core, moves);
      if (uno) return uno;
      const jumps = distinctPlays(moves);
      return jumps.length > 0 ? withUnoCall(core, moves, jumps[0]) : null;
    },
  };
}
