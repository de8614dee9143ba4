/** Number cards: no effect, except with the house rules `sevenZero` (7 swaps, 0 rotates) and `twoIdentical` (a pair skips). */
import { resume, setHand, turnOf } from '../draft.ts';
import { nextSeat } from '../turn.ts';
import { swapHands } from './tradeHands.ts';
import { defineEffect } from './types.ts';

/** Number card effect. */
export const numberEffect = defineEffect({
  needsTarget: (rules, card) => rules.options.sevenZero && card.number === 7,
  apply(d, ctx) {
    if (d.s.rules.options.sevenZero) {
      if (ctx.card.number === 7 && ctx.target !== null) swapHands(d, ctx.seat, ctx.target);
      if (ctx.card.number === 0) {
        const hands = d.s.hands;
        const moved = hands.slice();
        for (let seat = 0; seat < d.s.players; seat++) if (!d.s.out[seat]) moved[nextSeat(d.s, seat)] = hands[seat];
        moved.forEach((h, seat) => setHand(d, seat, h));
        if (d.all) d.events.push({ type: 'rotate', direction: d.s.direction });
      }
    }
    if (d.all && ctx.pair) d.events.push({ type: 'skip', seat: nextSeat(d.s, ctx.seat) });
    resume(d, turnOf(nextSeat(d.s, ctx.seat, ctx.pair ? 2 : 1)));
  },
});
