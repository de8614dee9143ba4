/**
 * The shared shape of Hit 2, Hit 4, +2 and +4: the next player takes cards and loses the turn,
 * or, with stacking, may add to the stack. Two players: the next after the victim is the player.
 */
import type { CardKind } from '../cards.ts';
import { penalty, request, resume, turnOf, type Draft } from '../draft.ts';
import type { Rules } from '../rules.ts';
import type { PressReason } from '../state.ts';
import { nextSeat } from '../turn.ts';
import type { PlayContext } from './types.ts';

const CROSS: Partial<Record<CardKind, CardKind>> = { draw2: 'wild4', wild4: 'draw2', hit2: 'hit4', hit4: 'hit2' };

/** The cards that draw or press four: with `stackTwosOnly` (seed 004) they are never stacked. */
const FOURS: ReadonlySet<CardKind> = new Set(['wild4', 'hit4']);

/** Kinds that may be stacked on a card of `kind`. */
export function stackKinds(rules: Rules, kind: CardKind): CardKind[] {
  const cross = CROSS[kind];
  return rules.options.stackCross && cross ? [kind, cross] : [kind];
}

/** A card of `kind` opens a stack the next player may add to (`stacking`, and not a four under `stackTwosOnly`). */
export function stacks(rules: Rules, kind: CardKind): boolean {
  return rules.options.stacking && !(rules.options.stackTwosOnly === true && FOURS.has(kind));
}

/** The next player takes `n` cards (plus the stack) and loses the turn, or may stack. */
export function attack(d: Draft, ctx: PlayContext, n: number, reason: PressReason): void {
  const victim = nextSeat(d.s, ctx.seat);
  const total = ctx.stacked + n;
  if (!ctx.goingOut && stacks(d.s.rules, ctx.card.kind)) {
    return request(d, { kind: 'stack', seat: victim, total, kinds: stackKinds(d.s.rules, ctx.card.kind) });
  }
  penalty(d, victim, total, reason, turnOf(nextSeat(d.s, ctx.seat, 2)));
}

/** The victim of a stack takes it all and loses the turn. */
export function takeStack(d: Draft, seat: number, total: number): void {
  penalty(d, seat, total, 'stack', turnOf(nextSeat(d.s, seat)));
}

/** Play goes on with the player after `seat`. */
export function passOn(d: Draft, seat: number): void {
  resume(d, turnOf(nextSeat(d.s, seat)));
}
