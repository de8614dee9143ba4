/**
 * Wild +4: names a colour; the next player draws 4 and loses the turn. With `challengeWild4` the
 * victim may challenge: the +4 is legal only when the hand held no card of the current colour.
 * Illegal: the player draws 4 and the victim plays; with `wild4TakenBack` the player first takes
 * the +4 back into the hand (seed 000: « la reprend ») and the colour is again the one it was
 * played on. Legal: the victim draws 6 and loses the turn.
 */
import { cardAt, idAt } from '../cards.ts';
import { penalty, request, turnOf, unlayInto, type Draft } from '../draft.ts';
import type { ChallengeRequest } from '../state.ts';
import { nextSeat } from '../turn.ts';
import { attack, stacks } from './attack.ts';
import { defineEffect, WILD } from './types.ts';

/** +4 effect. */
export const wild4Effect = defineEffect({
  ...WILD,
  onLastCard: true,
  apply(d, ctx) {
    const o = d.s.rules.options;
    // Stacked +4s are not challenged: the stack is the victim's answer.
    if (!o.challengeWild4 || stacks(d.s.rules, 'wild4')) return attack(d, ctx, 4, 'wild4');
    // The hand before the play held no other card of the colour: a +4 lays only itself, so that is what it kept.
    const legal = !ctx.kept.some((n) => cardAt(n).colour === ctx.colourBefore);
    const p: ChallengeRequest = { kind: 'challenge', seat: nextSeat(d.s, ctx.seat), by: ctx.seat, legal };
    // Taken back, the +4 leaves the colour it was played on: the request keeps it.
    if (o.wild4TakenBack && ctx.colourBefore !== null) p.before = ctx.colourBefore;
    request(d, p);
  },
});

/** The victim's answer to a +4: accept the 4 cards, or challenge. */
export function answerWild4(d: Draft, p: ChallengeRequest, challenge: boolean): void {
  const victim = p.seat;
  const after = turnOf(nextSeat(d.s, victim));
  if (!challenge) return penalty(d, victim, 4, 'wild4', after);
  if (d.all) d.events.push({ type: 'challenge', seat: victim, by: p.by, legal: p.legal });
  if (p.legal) return penalty(d, victim, 6, 'challenge', after);
  if (p.before !== undefined) {
    const plus4 = unlayInto(d, p.by);
    d.s.colour = p.before;
    if (d.all) d.events.push({ type: 'takeBack', seat: p.by, card: idAt(plus4), colour: p.before });
  }
  penalty(d, p.by, 4, 'challenge', turnOf(victim));
}
