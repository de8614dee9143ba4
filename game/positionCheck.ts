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

/** A problem: the field and what is wrong with it. */
export interface Problem {
  field: string;
  what: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;

function seatProblem(s: GameState, field: string, seat: unknown): Problem | null {
  return isSeat(s, seat) ? null : { field, what: `seat ${JSON.stringify(seat)} is not a player in the round` };
}

function resumeProblem(s: GameState, field: string, r: unknown, depth: number): Problem | null {
  if (isObj(r) && 'turn' in r) return seatProblem(s, `${field}.turn`, r.turn);
  if (isObj(r) && 'pending' in r) return requestProblem(s, `${field}.pending`, r.pending, depth + 1);
  return { field, what: 'must be {"turn": seat} or {"pending": request}' };
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

function tooMany(s: GameState, n: number): string {
  return `${n} is more than a round can hold: at most ${mostPresses(s)} (6 for each of the deck's ${mostPresses(s) / 6} cards)`;
}

/** What is wrong with one request of the chain, or null. */
function requestProblem(s: GameState, field: string, p: unknown, depth: number): Problem | null {
  if (depth > 8) return { field, what: 'requests nest too deep' };
  if (!isObj(p)) return { field, what: 'must be a request object with a kind and a seat' };
  const seat = seatProblem(s, `${field}.seat`, p.seat);
  if (seat) return seat;
  const o = s.rules.options;
  const top = topCard(s);
  switch (p.kind) {
    case 'press': {
      if (!o.launcher) return { field, what: `the rule set ${s.rules.name} draws from a pile: no press to wait for` };
      const aim = seatProblem(s, `${field}.aimAt`, p.aimAt);
      if (aim) return aim;
      if (!whole(p.remaining, 1)) return { field: `${field}.remaining`, what: 'must be a whole number ≥ 1 (presses still due)' };
      if (p.remaining > mostPresses(s)) return { field: `${field}.remaining`, what: tooMany(s, p.remaining) };
      if (typeof p.untilCards !== 'boolean') return { field: `${field}.untilCards`, what: 'must be true or false' };
      if (!Array.isArray(p.queue)) return { field: `${field}.queue`, what: 'must be a list of seats (each presses once after)' };
      if (p.queue.length >= s.players) return { field: `${field}.queue`, what: `lists ${p.queue.length} presses after this one: at most one for each other seat (${s.players - 1})` };
      for (let i = 0; i < p.queue.length; i++) {
        const q = seatProblem(s, `${field}.queue[${i}]`, p.queue[i]);
        if (q) return q;
      }
      if (!(PRESS_REASONS as readonly unknown[]).includes(p.reason)) return { field: `${field}.reason`, what: `must be one of ${PRESS_REASONS.join(', ')}` };
      return resumeProblem(s, `${field}.then`, p.then, depth);
    }
    case 'colour':
      return resumeProblem(s, `${field}.then`, p.then, depth);
    case 'challenge':
      if (depth > 0) return { field, what: 'a +4 is challenged at once, not after another request' };
      if (top.kind !== 'wild4') return { field, what: 'a challenge answers a +4: the top card must be one' };
      if (!isSeat(s, p.by) || p.seat !== nextSeat(s, p.by)) return { field: `${field}.by`, what: `must be the seat whose +4 seat ${String(p.seat)} answers: the one before it in the direction of play` };
      if (typeof p.legal !== 'boolean') return { field: `${field}.legal`, what: 'must be true or false (the +4 was legal)' };
      // Taken back (wild4TakenBack), the +4 leaves the colour it was played on: the request keeps it, and only then.
      if (o.wild4TakenBack ? !COLOURS.includes(p.before as Colour) : p.before !== undefined) {
        return { field: `${field}.before`, what: o.wild4TakenBack ? `must be the colour the +4 was played on (${COLOURS.join(', ')})` : 'is kept only with the option wild4TakenBack' };
      }
      return null;
    case 'stack':
      if (depth > 0) return { field, what: 'a stack is answered at once, not after another request' };
      if (!o.stacking) return { field, what: `stacking is off in this position's rules: no stack to answer` };
      if (!stacks(s.rules, top.kind)) return { field, what: `a ${top.kind} is not stacked on (stackTwosOnly): no stack to answer` };
      if (!whole(p.total, 1)) return { field: `${field}.total`, what: 'must be a whole number ≥ 1 (cards or presses stacked)' };
      if (p.total > mostPresses(s)) return { field: `${field}.total`, what: tooMany(s, p.total) };
      if (!Array.isArray(p.kinds) || p.kinds.join() !== stackKinds(s.rules, top.kind).join()) {
        return { field: `${field}.kinds`, what: `must be what may stack on the top card: ${JSON.stringify(stackKinds(s.rules, top.kind))}` };
      }
      return null;
    case 'drawn':
      if (depth > 0) return { field, what: 'a drawn card is played or kept at once, not after another request' };
      if (o.launcher) return { field, what: `the rule set ${s.rules.name} presses a launcher: no drawn card to play` };
      if (typeof p.card !== 'string' || !s.hands[p.seat as number].includes(p.card)) return { field: `${field}.card`, what: `must be a card in seat ${String(p.seat)}'s hand` };
      return matches(s, card(p.card)) ? null : { field: `${field}.card`, what: `${p.card} cannot be played on the top card: only a playable drawn card is offered` };
    case 'playAgain':
      if (depth > 0) return { field, what: 'a Play Again is answered at once, not after another request' };
      if (top.kind !== 'playAgain' || top.colour !== p.colour) return { field: `${field}.colour`, what: 'must be the colour of the Play Again on top of the discard pile' };
      return null;
    default:
      return { field: `${field}.kind`, what: 'must be press, colour, challenge, stack, drawn or playAgain' };
  }
}

/** What is wrong with the position's request and colour, or null. */
export function checkPending(s: GameState): Problem | null {
  if (s.pending !== null) {
    const why = requestProblem(s, 'pending', s.pending, 0);
    if (why) return why;
  }
  const naming = asksColour(s.pending);
  if (naming && s.colour !== null) return { field: 'colour', what: 'must be null while a colour is to be named (the request asks for one)' };
  if (!naming && s.colour === null) {
    return { field: 'colour', what: `the top card ${s.discard[s.discard.length - 1]} has no colour of its own: give the current colour (${COLOURS.join(', ')})` };
  }
  return null;
}
