import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../../game/legal.ts';
import { fixture, play, refused } from '../fixture.ts';

describe('house rule jumpIn', () => {
  const s = fixture({ hands: ['R5 B7', 'G2 G8', 'R3 B1'], top: 'R3', options: { jumpIn: true } });
  it('a player holding the identical card may play it out of turn; play continues from them', () => {
    expect(legalMoves(s)).toContainEqual({ type: 'play', seat: 2, card: 'R3#1' });
    const { state } = play(s, { type: 'play', seat: 2, card: 'R3#1' });
    expect(state.turn).toBe(0);
  });
  it('off by default, and only the identical card', () => {
    refused(fixture({ hands: ['R5 B7', 'G2', 'R3 B1'], top: 'R3' }), { type: 'play', seat: 2, card: 'R3#1' }, 'not-your-turn');
    refused(s, { type: 'play', seat: 2, card: 'B1#1' }, 'not-your-turn');
  });
});
