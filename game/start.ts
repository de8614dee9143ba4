/**
 * The start card: what the card turned up after the deal does, by the rule set's start-card
 * table (docs/rules.md). A dealt round and a round set up from a position both end with it.
 */
import { card, type Card, type CardId } from './cards.ts';
import { roundOf, stateOf, topOf, type Round, type RoundResume } from './core/round.ts';
import { draftOf, request, resume, turnOf, type Draft } from './draft.ts';
import { EFFECT_OF_KIND } from './effects/index.ts';
import type { Rules, StartAction } from './rules.ts';
import type { GameEvent, GameState, Pending } from './state.ts';
import { leftOf } from './turn.ts';

/** What the rule set does with `id` as the start card. */
export function startAction(rules: Rules, id: CardId): StartAction {
  return startActionOf(rules, card(id));
}

/** {@link startAction} of a card already looked up (a deal holds serials: no id is looked up). */
export function startActionOf(rules: Rules, c: Card): StartAction {
  return rules.start[c.kind] ?? (c.colour === null ? 'wild' : 'play');
}

/** A request chain already asks for a colour (Hit-Fire's victim names it). */
export function asksColour(p: Pending<unknown> | null): boolean {
  while (p) {
    if (p.kind === 'colour') return true;
    if (p.kind !== 'press') return false;
    p = 'pending' in p.then ? p.then.pending : null;
  }
  return false;
}

/** Applies the start card (turned up after the deal) by the rule set's table. */
function applyStart(d: Draft, action: StartAction): void {
  const s = d.s;
  const left = leftOf(s, s.dealer);
  switch (action) {
    case 'play':
    case 'redraw':
      return resume(d, turnOf(left));
    case 'reverse':
      s.direction = -1;
      if (d.all) d.events.push({ type: 'direction', direction: -1 });
      return resume(d, turnOf(s.dealer));
    case 'wild':
      return request(d, { kind: 'colour', seat: left, then: turnOf(left) });
    case 'dealerColour':
      return request(d, { kind: 'colour', seat: s.dealer, then: turnOf(left) });
    case 'asDealer': {
      const c = topOf(s);
      EFFECT_OF_KIND[c.kindIndex].apply(d, {
        seat: s.dealer, card: c, colour: s.colour, target: null, goingOut: false, pair: false, stacked: 0,
        kept: [], colourBefore: s.colour,
      });
      if (s.colour === null && !asksColour(s.pending)) {
        const then: RoundResume = s.pending ? { pending: s.pending } : turnOf(s.turn);
        request(d, { kind: 'colour', seat: left, then });
      }
    }
  }
}

/**
 * Applies the start card of a dealt round (the top of the discard pile; colour and turn not yet decided) by
 * the rule set's table: the state after it, and its events (`dealt` is left as it is). `createGame`
 * ends with it, and a position set up with `turnUp`.
 */
export function turnUp(dealt: GameState): { state: GameState; events: GameEvent[] } {
  const r = roundOf(dealt);
  const events = turnUpRound(r);
  return { state: stateOf(r), events };
}

/** {@link turnUp} on a round just dealt, in place (pass a round nobody else holds): its events (all, or see Draft). */
export function turnUpRound(dealt: Round, all = true): GameEvent[] {
  const d = draftOf(dealt, all);
  const top = topOf(dealt);
  dealt.colour = top.colour;
  if (d.all) d.events.push({ type: 'start', card: top.id, dealer: dealt.dealer });
  applyStart(d, startActionOf(dealt.rules, top));
  return d.events;
}
