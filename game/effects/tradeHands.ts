/** Trade Hands: the player swaps hands with a player of their choice. */
import type { Draft } from '../draft.ts';
import { setHand } from '../draft.ts';
import { passOn } from './attack.ts';
import { ALWAYS, defineEffect } from './types.ts';

/** Swaps two hands (also the house rule `sevenZero`'s 7). */
export function swapHands(d: Draft, seat: number, target: number): void {
  const mine = d.s.hands[seat];
  setHand(d, seat, d.s.hands[target]);
  setHand(d, target, mine);
  if (d.all) d.events.push({ type: 'trade', seat, target });
}

/** Trade Hands effect. */
export const tradeHandsEffect = defineEffect({
  needsTarget: ALWAYS,
  apply(d, ctx) {
    if (ctx.target !== null) swapHands(d, ctx.seat, ctx.target);
    passOn(d, ctx.seat);
  },
});
