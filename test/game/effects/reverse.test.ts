import { describe, expect, it } from 'vitest';
import { fixture, play } from '../fixture.ts';

describe('Reverse', () => {
  it('changes the direction: the player on the right plays next', () => {
    const s = fixture({ hands: ['RR R7', 'G2', 'B3'], top: 'R3' });
    const { state, events } = play(s, { type: 'play', seat: 0, card: 'RR#1' });
    expect(state.direction).toBe(-1);
    expect(state.turn).toBe(2);
    expect(events).toContainEqual({ type: 'direction', direction: -1 });
  });
  it('a second Reverse turns play back', () => {
    const s = fixture({ hands: ['RR R7', 'G2', 'BR B1'], top: 'R3' });
    const { state } = play(s, { type: 'play', seat: 0, card: 'RR#1' }, { type: 'play', seat: 2, card: 'BR#1' });
    expect([state.direction, state.turn]).toEqual([1, 0]);
  });
  it('with two players acts as a Skip: the player plays again', () => {
    const s = fixture({ hands: ['RR R7', 'G2'], top: 'R3' });
    const { state } = play(s, { type: 'play', seat: 0, card: 'RR#1' });
    expect([state.direction, state.turn]).toEqual([1, 0]);
  });
});
