/**
 * Whether a position's pending request fits the rest of it: the seats it names, the rule set
 * (presses need the launcher, a drawn card the draw pile), the top card that made it (a +4 for a
 * challenge, a Play Again of its colour), and the current colour (null exactly while a colour is
 * to be named). One request at a time, then the chain of those it resumes into.
 */
import { card, COLOURS, type Colour } from './cards.ts';
import { stackKinds, stacks } from './effects/attack.ts';
import { matches, topCard } from './play.ts';
import { asksColour } from './start.ts';
import { PRESS_REASONS, type GameState } from './state.ts';
import { isSeat, nextSeat } from './turn.ts';
import type { CliKey } from '../words/cli-en.ts';
import type { PositionError } from './position.ts';
import { said, type Said } from '../words/said.ts';

/** A problem: the field, what is wrong with it in English, and `why` in the command line's catalogue (`cli.position.*`). */
export interface Problem {
  field: string;
  what: string;
  why: Said;
}

/** The failure of `field`: `what` in English, `why` its words (a key with values, or a reason a rule carries). */
export function positionFail(field: string, what: string, why: Said | string): { ok: false; error: PositionError } {
  return { ok: false, error: { field, what, why, message: `${field}: ${what}`, said: said('cli.position.field', { field, why }) } };
}

/** The problem of `field`: `what`, as `key` with `values` words it. */
export const problem = (field: string, what: string, key: CliKey, values?: Said['values']): Problem => ({ field, what, why: said(key, values) });

/** The failure of `field`: `what` in English, as the command line's `key` with `values` words it. */
export const failWith = (field: string, what: string, key: CliKey, values?: Said['values']) => positionFail(field, what, said(key, values));

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;

function seatProblem(s: GameState, field: string, seat: unknown): Problem | null {
  return isSeat(s, seat) ? null : problem(field, `seat ${JSON.stringify(seat)} is not a player in the round`, 'cli.position.notSeat', { seat: JSON.stringify(seat) });
}

function resumeProblem(s: GameState, field: string, r: unknown, depth: number): Problem | null {
  if (isObj(r) && 'turn' in r) return seatProblem(s, `${field}.turn`, r.turn);
  if (isObj(r) && 'pending' in r) return requestProblem(s, `${field}.pending`, r.pending, depth + 1);
  return problem(field, 'must be {"turn": seat} or {"pending": request}', 'cli.position.then', { turn: '{"turn": seat}', pending: '{"pending": request}' });
}

/**
 * The most presses (or cards) one request can hold: every card of the deck stacked at +4 each, or
 * a challenged +4's 6. More could come from no round, and a round pressing them would not end.
 */
function mostPresses(s: GameState): number {
  let cards = s.discard.length + s.supply.length;
  for (const h of s.hands) cards += h.length;
  return 6 * cards;
}

function tooMany(s: GameState, field: string, n: number): Problem {
  const most = mostPresses(s);
  return problem(field, `${n} is more than a round can hold: at most ${most} (6 for each of the deck's ${most / 6} cards)`, 'cli.position.tooMany', { n: String(n), most: String(most), cards: String(most / 6) });
}

/** What is wrong with one request of the chain, or null. */
function requestProblem(s: GameState, field: string, p: unknown, depth: number): Problem | null {
  if (depth > 8) return problem(field, 'requests nest too deep', 'cli.position.deep');
  if (!isObj(p)) return problem(field, 'must be a request object with a kind and a seat', 'cli.position.request', { kind: 'kind', seat: 'seat' });
  const seat = seatProblem(s, `${field}.seat`, p.seat);
  if (seat) return seat;
  const o = s.rules.options;
  const top = topCard(s);
  // `kind` names the request in the message's select: c(hallenge), s(tack), d(rawn), p(lay again).
  const atOnce = (what: string, kind: string) => problem(field, `${what} at once, not after another request`, 'cli.position.atOnce', { kind });
  switch (p.kind) {
    case 'press': {
      if (!o.launcher) return problem(field, `the rule set ${s.rules.name} draws from a pile: no press to wait for`, 'cli.position.noPress', { rules: s.rules.name });
      const aim = seatProblem(s, `${field}.aimAt`, p.aimAt);
      if (aim) return aim;
      if (!whole(p.remaining, 1)) return problem(`${field}.remaining`, 'must be a whole number ≥ 1 (presses still due)', 'cli.position.remaining');
      if (p.remaining > mostPresses(s)) return tooMany(s, `${field}.remaining`, p.remaining);
      if (typeof p.untilCards !== 'boolean') return problem(`${field}.untilCards`, 'must be true or false', 'cli.position.boolean');
      if (!Array.isArray(p.queue)) return problem(`${field}.queue`, 'must be a list of seats (each presses once after)', 'cli.position.queue');
      if (p.queue.length >= s.players) {
        return problem(`${field}.queue`, `lists ${p.queue.length} presses after this one: at most one for each other seat (${s.players - 1})`, 'cli.position.queueLong', { n: String(p.queue.length), most: String(s.players - 1) });
      }
      for (let i = 0; i < p.queue.length; i++) {
        const q = seatProblem(s, `${field}.queue[${i}]`, p.queue[i]);
        if (q) return q;
      }
      if (!(PRESS_REASONS as readonly unknown[]).includes(p.reason)) return problem(`${field}.reason`, `must be one of ${PRESS_REASONS.join(', ')}`, 'cli.position.oneOf', { list: PRESS_REASONS.join(', ') });
      return resumeProblem(s, `${field}.then`, p.then, depth);
    }
    case 'colour':
      return resumeProblem(s, `${field}.then`, p.then, depth);
    case 'challenge':
      if (depth > 0) return atOnce('a +4 is challenged', 'c');
      if (top.kind !== 'wild4') return problem(field, 'a challenge answers a +4: the top card must be one', 'cli.position.challengeTop');
      if (!isSeat(s, p.by) || p.seat !== nextSeat(s, p.by)) {
        return problem(`${field}.by`, `must be the seat whose +4 seat ${String(p.seat)} answers: the one before it in the direction of play`, 'cli.position.by', { seat: String(p.seat) });
      }
      if (typeof p.legal !== 'boolean') return problem(`${field}.legal`, 'must be true or false (the +4 was legal)', 'cli.position.legal');
      // Taken back (wild4TakenBack), the +4 leaves the colour it was played on: the request keeps it, and only then.
      if (o.wild4TakenBack ? !COLOURS.includes(p.before as Colour) : p.before !== undefined) {
        return o.wild4TakenBack
          ? problem(`${field}.before`, `must be the colour the +4 was played on (${COLOURS.join(', ')})`, 'cli.position.before', { list: COLOURS.join(', ') })
          : problem(`${field}.before`, 'is kept only with the option wild4TakenBack', 'cli.position.beforeKept', { option: 'wild4TakenBack' });
      }
      return null;
    case 'stack':
      if (depth > 0) return atOnce('a stack is answered', 's');
      if (!o.stacking) return problem(field, `stacking is off in this position's rules: no stack to answer`, 'cli.position.stackingOff');
      if (!stacks(s.rules, top.kind)) return problem(field, `a ${top.kind} is not stacked on (stackTwosOnly): no stack to answer`, 'cli.position.notStacked', { kind: top.kind, option: 'stackTwosOnly' });
      if (!whole(p.total, 1)) return problem(`${field}.total`, 'must be a whole number ≥ 1 (cards or presses stacked)', 'cli.position.total');
      if (p.total > mostPresses(s)) return tooMany(s, `${field}.total`, p.total);
      if (!Array.isArray(p.kinds) || p.kinds.join() !== stackKinds(s.rules, top.kind).join()) {
        const kinds = JSON.stringify(stackKinds(s.rules, top.kind));
        return problem(`${field}.kinds`, `must be what may stack on the top card: ${kinds}`, 'cli.position.kinds', { kinds });
      }
      return null;
    case 'drawn':
      if (depth > 0) return atOnce('a drawn card is played or kept', 'd');
      if (o.launcher) return problem(field, `the rule set ${s.rules.name} presses a launcher: no drawn card to play`, 'cli.position.noDrawn', { rules: s.rules.name });
      if (typeof p.card !== 'string' || !s.hands[p.seat as number].includes(p.card)) {
        return problem(`${field}.card`, `must be a card in seat ${String(p.seat)}'s hand`, 'cli.position.drawnCard', { seat: String(p.seat) });
      }
      return matches(s, card(p.card)) ? null : problem(`${field}.card`, `${p.card} cannot be played on the top card: only a playable drawn card is offered`, 'cli.position.drawnPlayable', { card: p.card });
    case 'playAgain':
      if (depth > 0) return atOnce('a Play Again is answered', 'p');
      if (top.kind !== 'playAgain' || top.colour !== p.colour) return problem(`${field}.colour`, 'must be the colour of the Play Again on top of the discard pile', 'cli.position.playAgain');
      return null;
    default:
      return problem(`${field}.kind`, 'must be press, colour, challenge, stack, drawn or playAgain', 'cli.position.kind', { choices: { or: ['press', 'colour', 'challenge', 'stack', 'drawn', 'playAgain'] } });
  }
}

/** What is wrong with the position's request and colour, or null. */
export function checkPending(s: GameState): Problem | null {
  if (s.pending !== null) {
    const why = requestProblem(s, 'pending', s.pending, 0);
    if (why) return why;
  }
  const naming = asksColour(s.pending);
  if (naming && s.colour !== null) return problem('colour', 'must be null while a colour is to be named (the request asks for one)', 'cli.position.colourNull');
  if (!naming && s.colour === null) {
    const top = s.discard[s.discard.length - 1];
    return problem('colour', `the top card ${top} has no colour of its own: give the current colour (${COLOURS.join(', ')})`, 'cli.position.colourNeeded', { top, list: COLOURS.join(', ') });
  }
  return null;
}
