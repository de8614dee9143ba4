/**
 * Wild All-Hit ("chacun son tour"): every player in turn presses once, starting with the next
 * player, the player of the card last when `allHitIncludesPlayer`; then the next player plays.
 * Ruling: it applies on the last card too, like every card that makes others take cards.
 */
import { pressEach, turnOf } from '../draft.ts';
import { nextSeat, seatsInOrder } from '../turn.ts';
import { defineEffect, WILD } from './types.ts';

/** All-Hit effect. */
export const allHitEffect = defineEffect({
  ...WILD,
  onLastCard: true,
  apply(d, ctx) {
    const first = nextSeat(d.s, ctx.seat);
    const seats = seatsInOrder(d.s, first).filter((s) => s !== ctx.seat || d.s.rules.options.allHitIncludesPlayer);
    pressEach(d, seats, 'allHit', turnOf(first));
  },
});
