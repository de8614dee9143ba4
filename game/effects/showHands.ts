/** Show Hands ("montrez votre jeu"): every hand is visible to all until the next card is played. */
import { passOn } from './attack.ts';
import { defineEffect } from './types.ts';

/** Show Hands effect. */
export const showHandsEffect = defineEffect({
  apply(d, ctx) {
    d.s.shown = true;
    if (d.all) d.events.push({ type: 'show' });
    passOn(d, ctx.seat);
  },
});
