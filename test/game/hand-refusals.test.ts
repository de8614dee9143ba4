/**
 * handRefusals: why each card of a hand cannot be played now, the reason a front end gives when
 * one is tapped (the page and a game night phone alike).
 */
import { describe, expect, it } from 'vitest';
import { applyMove, checkMove, everyHandRefusals, handRefusals } from '../../game/engine.ts';
import { legalMoves } from '../../game/legal.ts';
import { RULE_SETS } from '../../game/rules.ts';
import { createGame } from '../../game/setup.ts';
import type { GameState } from '../../game/state.ts';
import { fixture, play } from './fixture.ts';

describe('handRefusals', () => {
  it('gives the rules\' reason for each card that cannot be played, none for those that can', () => {
    const s = fixture({ hands: ['R5 G7 B4', 'G2', 'B3'], top: 'R3' });
    const r = handRefusals(s, 0);
    expect(Object.keys(r).sort()).toEqual(['B4#1', 'G7#1']);
    expect(r['G7#1']).toEqual({ why: 'no-match', card: 'G7#1', top: 'R3#1', colour: 'red' });
    expect(handRefusals(s, 1)).toEqual({ 'G2#1': { why: 'turn-of', seat: 0 } });
    const over = play(fixture({ hands: ['R5', 'G2'], top: 'R3' }), { type: 'play', seat: 0, card: 'R5#1' }).state;
    expect(handRefusals(over, 1)).toEqual({ 'G2#1': { why: 'round-over', winner: 0 } });
  });

  it('agrees with the legal moves in every position of 60 games of every rule set', () => {
    let checked = 0;
    for (const [name, rules] of Object.entries(RULE_SETS)) {
      for (let seed = 1; seed <= 10; seed++) {
        let s: GameState = createGame({ players: 3, seed, rules });
        for (let i = 0; i < 60 && s.winner === null; i++) {
          const legal = legalMoves(s);
          for (let seat = 0; seat < s.players; seat++) {
            const playable = new Set(legal.flatMap((m) => (m.type === 'play' && m.seat === seat ? [m.card] : [])));
            const refused = handRefusals(s, seat);
            // A server reads every seat's at once: the same reasons.
            expect(everyHandRefusals(s)[seat]).toEqual(refused);
            for (const id of s.hands[seat]) {
              expect(id in refused, `${name} seed ${seed} move ${i} seat ${seat} ${id}`).toBe(!playable.has(id));
              // The reason is the one playing that card is refused with (a hand's cards share one when it does not name the card).
              if (id in refused) expect(refused[id]).toEqual(checkMove(s, { type: 'play', seat, card: id })?.refusal);
            }
            checked++;
          }
          const m = legal.find((x) => x.type !== 'uno' && x.type !== 'catch')!;
          const r = applyMove(s, m.type === 'launcher' ? { ...m, cards: s.supply.slice(0, i % 3), fired: i % 3 > 0 } : m);
          if (!r.ok) throw new Error(r.error.message);
          s = r.state;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
