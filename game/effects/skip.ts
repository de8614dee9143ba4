/** Skip: the next player loses the turn (two players: the player plays again). */
import { resume, turnOf } from '../draft.ts';
import { nextSeat } from '../turn.ts';
import { defineEffect } from './types.ts';

/** Skip effect. */
export const skipEffect = defineEffect({
  apply(d, ctx) {
    if (d.all) d.events.push({ type: 'skip', seat: nextSeat(d.s, ctx.seat) });
    resume(d, turnOf(nextSeat(d.s, ctx.seat, 2)));
  },
});
