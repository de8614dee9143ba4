import { describe, expect, it } from 'vitest';
import { codes, fixture, play, refused } from '../fixture.ts';

describe('Wild +4 and its challenge (classic)', () => {
  const supply = 'Y1 Y2 Y3 Y4 Y5 Y6 Y7';
  const legal = fixture({ rules: 'classic', hands: ['W4 G7', 'B2', 'B3'], top: 'R3', supply });
  const illegal = fixture({ rules: 'classic', hands: ['W4 R7', 'B2', 'B3'], top: 'R3', supply });
  it('the victim accepts: draws 4 and loses the turn', () => {
    let { state } = play(legal, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' });
    expect(state.pending).toEqual({ kind: 'challenge', seat: 1, by: 0, legal: true });
    refused(state, { type: 'challenge', seat: 2 }, 'not-your-turn');
    state = play(state, { type: 'accept', seat: 1 }).state;
    expect(codes(state.hands[1])).toBe('B2 Y1 Y2 Y3 Y4');
    expect(state.turn).toBe(2);
  });
  it('a challenge of a legal +4 costs the challenger 6 cards and the turn', () => {
    const { state, events } = play(legal, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' }, { type: 'challenge', seat: 1 });
    expect(events).toContainEqual({ type: 'challenge', seat: 1, by: 0, legal: true });
    expect(state.hands[1]).toHaveLength(7);
    expect(state.turn).toBe(2);
  });
  it('a challenge of an illegal +4 (the hand held the current colour) costs the player 4 and the victim plays', () => {
    const { state } = play(illegal, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' }, { type: 'challenge', seat: 1 });
    expect(codes(state.hands[0])).toBe('R7 Y1 Y2 Y3 Y4');
    expect(codes(state.hands[1])).toBe('B2');
    expect([state.turn, state.colour]).toEqual([1, 'blue']);
  });
  it('en-ligne: no restriction and no challenge', () => {
    const s = fixture({ rules: 'en-ligne', hands: ['W4 R7', 'B2', 'B3'], top: 'R3', supply });
    const { state } = play(s, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' });
    expect(state.hands[1]).toHaveLength(5);
    expect(state.turn).toBe(2);
  });
  it('going out with an illegal +4 that is challenged: the player draws and the round goes on', () => {
    const s = fixture({ rules: 'classic', hands: ['W4', 'B2', 'B3'], top: 'R3', supply, colour: 'red' });
    expect(play(s, { type: 'play', seat: 0, card: 'W4#1', colour: 'blue' }, { type: 'accept', seat: 1 }).state.winner).toBe(0);
  });
});
