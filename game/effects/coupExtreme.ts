/**
 * Coup Extrême: names a colour and any other player as target; the launcher is turned to the
 * target and the attacker presses twice; the target takes the cards; play goes on after the
 * attacker, or with `coupExtremeSkips` with the second player after the attacker (seed 003: « le
 * deuxième joueur à gauche … du joueur qui a retourné la carte »), the first one skipped.
 */
import { penalty, turnOf } from '../draft.ts';
import { nextSeat } from '../turn.ts';
import { passOn } from './attack.ts';
import { ALWAYS, defineEffect, WILD } from './types.ts';

/** Coup Extrême effect. */
export const coupExtremeEffect = defineEffect({
  ...WILD,
  needsTarget: ALWAYS,
  onLastCard: true,
  apply(d, ctx) {
    // A start card has no target: it is a plain Wild then (docs/rules.md).
    if (ctx.target === null) return passOn(d, ctx.seat);
    const skips = d.s.rules.options.coupExtremeSkips === true;
    if (skips && d.all) d.events.push({ type: 'skip', seat: nextSeat(d.s, ctx.seat) });
    penalty(d, ctx.target, 2, 'coupExtreme', turnOf(nextSeat(d.s, ctx.seat, skips ? 2 : 1)), ctx.seat);
  },
});
