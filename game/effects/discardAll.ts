/** Discard All ("poser tout"): every card of its colour in the hand is laid with it; it ends on top. */
import { cardAt } from '../cards.ts';
import { passOn } from './attack.ts';
import { defineEffect } from './types.ts';

/** Discard All effect. */
export const discardAllEffect = defineEffect({
  lays: (hand, played) => hand.filter((n) => n !== played.serial && cardAt(n).colour === played.colour),
  apply: (d, ctx) => passOn(d, ctx.seat),
});
