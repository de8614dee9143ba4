/**
 * Number cards: no effect, except with the house rules `sevenZero` and `twoIdentical` (a pair
 * skips). `sevenZero`: 7 swaps hands with a chosen player, 0 passes every hand on in the direction
 * of play; with `zeroSwaps` (seed 000's second version) 0 swaps and 7 passes every hand the way
 * the player picks, named as the neighbour who gets the player's hand. With `sevenZeroOptional`
 * the player may name nobody and keep the hands as they are (seed 000: « Ce n'est pas obligatoire »).
 */
import type { Card } from '../cards.ts';
import type { Round } from '../core/round.ts';
import { resume, setHand, turnOf, type Draft } from '../draft.ts';
import type { Rules } from '../rules.ts';
import { nextSeat } from '../turn.ts';
import { swapHands } from './tradeHands.ts';
import { defineEffect } from './types.ts';

/** The face of the card that swaps two hands, and of the one that passes every hand on. */
function faces(rules: Rules): { swap: number; pass: number } {
  return rules.options.zeroSwaps ? { swap: 0, pass: 7 } : { swap: 7, pass: 0 };
}

/** The card names a player: the swap, and the pass of the second version (which way). */
function named(rules: Rules, card: Card): boolean {
  if (!rules.options.sevenZero) return false;
  const f = faces(rules);
  return card.number === f.swap || (card.number === f.pass && rules.options.zeroSwaps === true);
}

/** Every hand passes to the next seat in `direction`. */
function passHands(d: Draft, direction: 1 | -1): void {
  const hands = d.s.hands;
  const moved = hands.slice();
  for (let seat = 0; seat < d.s.players; seat++) if (!d.s.out[seat]) moved[nextSeat(d.s, seat, 1, direction)] = hands[seat];
  moved.forEach((h, seat) => setHand(d, seat, h));
  if (d.all) d.events.push({ type: 'rotate', direction });
}

/** Number card effect. */
export const numberEffect = defineEffect({
  needsTarget: named,
  mayNameNobody: (rules, card) => rules.options.sevenZeroOptional === true && named(rules, card),
  // The pass names a neighbour: the one who gets the player's hand. The swap names anyone.
  targets(s: Round, seat: number, card: Card): number[] | null {
    if (card.number !== faces(s.rules).pass) return null;
    const left = nextSeat(s, seat, 1, 1), right = nextSeat(s, seat, 1, -1);
    return left === right ? [left] : [left, right];
  },
  apply(d, ctx) {
    const rules = d.s.rules;
    if (rules.options.sevenZero) {
      const f = faces(rules);
      if (ctx.card.number === f.swap && ctx.target !== null) swapHands(d, ctx.seat, ctx.target);
      if (ctx.card.number === f.pass) {
        if (!rules.options.zeroSwaps) passHands(d, d.s.direction);
        else if (ctx.target !== null) passHands(d, ctx.target === nextSeat(d.s, ctx.seat, 1, 1) ? 1 : -1);
      }
    }
    if (d.all && ctx.pair) d.events.push({ type: 'skip', seat: nextSeat(d.s, ctx.seat) });
    resume(d, turnOf(nextSeat(d.s, ctx.seat, ctx.pair ? 2 : 1)));
  },
});
