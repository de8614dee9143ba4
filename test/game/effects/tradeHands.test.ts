import { describe, expect, it } from 'vitest';
import { codes, fixture, play, refused } from '../fixture.ts';

describe('Trade Hands', () => {
  const s = fixture({ rules: 'attack-1999', hands: ['RT R7 R8', 'G2', 'B3 B4 B5 B6'], top: 'R3' });
  it('swaps the hand left after the play with the chosen player', () => {
    refused(s, { type: 'play', seat: 0, card: 'RT#1' }, 'bad-target');
    const { state, events } = play(s, { type: 'play', seat: 0, card: 'RT#1', target: 1 });
    expect(state.hands.map(codes)).toEqual(['G2', 'R7 R8', 'B3 B4 B5 B6']);
    expect(events).toContainEqual({ type: 'trade', seat: 0, target: 1 });
    expect(state.turn).toBe(1);
  });
  it('as the last card the round ends without a trade', () => {
    const last = fixture({ rules: 'attack-1999', hands: ['RT', 'G2', 'B3'], top: 'R3' });
    const { state } = play(last, { type: 'play', seat: 0, card: 'RT#1', target: 1 });
    expect(state.winner).toBe(0);
    expect(codes(state.hands[1])).toBe('G2');
  });
});
