/** Play Again ("rejouer", en-ligne): the player may play again at once a card of its colour or another Play Again. */
import { request } from '../draft.ts';
import { defineEffect } from './types.ts';

/** Play Again effect. */
export const playAgainEffect = defineEffect({
  apply(d, ctx) {
    request(d, { kind: 'playAgain', seat: ctx.seat, colour: ctx.card.colour! });
  },
});
