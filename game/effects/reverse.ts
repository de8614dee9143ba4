/** Reverse: the direction of play changes; with two players it acts as a Skip. */
import { resume, turnOf } from '../draft.ts';
import { nextSeat, twoPlayers } from '../turn.ts';
import { defineEffect } from './types.ts';

/** Reverse effect. */
export const reverseEffect = defineEffect({
  apply(d, ctx) {
    if (twoPlayers(d.s)) {
      if (d.all) d.events.push({ type: 'skip', seat: nextSeat(d.s, ctx.seat) });
      return resume(d, turnOf(ctx.seat));
    }
    d.s.direction = d.s.direction === 1 ? -1 : 1;
    if (d.all) d.events.push({ type: 'direction', direction: d.s.direction });
    resume(d, turnOf(nextSeat(d.s, ctx.seat)));
  },
});
