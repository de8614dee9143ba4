/**
 * Wild Hit-Fire ("x ???"): the next player presses until cards come out, keeps them and loses
 * the turn; the colour is named by that player (`hitFireColour: 'victim'`), by the player, or by
 * the seat that plays next, after the victim (`next`).
 * Without a launcher the victim draws one card. Ruling: applies on the last card too.
 */
import { draw, request, resume, turnOf } from '../draft.ts';
import type { RoundResume } from '../core/round.ts';
import { nextSeat } from '../turn.ts';
import { defineEffect } from './types.ts';

/** Hit-Fire effect. */
export const hitFireEffect = defineEffect({
  namesColour: (rules) => rules.options.hitFireColour === 'player',
  onLastCard: true,
  apply(d, ctx) {
    const victim = nextSeat(d.s, ctx.seat);
    const after: RoundResume = turnOf(nextSeat(d.s, ctx.seat, 2));
    const namer = d.s.rules.options.hitFireColour === 'next' ? nextSeat(d.s, ctx.seat, 2) : victim;
    const then: RoundResume = ctx.colour === null ? { pending: { kind: 'colour', seat: namer, then: after } } : after;
    if (!d.s.rules.options.launcher) {
      draw(d, victim, 1);
      return resume(d, then);
    }
    request(d, { kind: 'press', seat: victim, aimAt: victim, remaining: 1, untilCards: true, queue: [], reason: 'hitFire', then });
  },
});
