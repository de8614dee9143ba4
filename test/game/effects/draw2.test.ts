import { describe, expect, it } from 'vitest';
import { codes, fixture, play } from '../fixture.ts';

describe('+2 (classic)', () => {
  it('the next player draws two from the pile and loses the turn', () => {
    const s = fixture({ rules: 'classic', hands: ['R+2 R7', 'G2', 'B3'], top: 'R3', supply: 'G5 G6 G7' });
    const { state, events } = play(s, { type: 'play', seat: 0, card: 'R+2#1' });
    expect(codes(state.hands[1])).toBe('G2 G5 G6');
    expect(codes(state.supply)).toBe('G7');
    expect(events).toContainEqual({ type: 'draw', seat: 1, cards: ['G5#1', 'G6#1'] });
    expect(state.turn).toBe(2);
  });
  it('with the option launcher: true the draws are presses', () => {
    const s = fixture({ rules: 'classic', options: { launcher: true }, hands: ['R+2 R7', 'G2', 'B3'], top: 'R3', supply: 'G5' });
    expect(play(s, { type: 'play', seat: 0, card: 'R+2#1' }).state.pending).toMatchObject({ kind: 'press', seat: 1, remaining: 2 });
  });
  it('stackCross: a +4 may be stacked on a +2', () => {
    const s = fixture({ rules: 'classic', options: { stacking: true, stackCross: true }, hands: ['R+2 R7', 'W4 G1', 'B3'], top: 'R3', supply: 'G5 G6 G7 G8 G9 B1' });
    let { state } = play(s, { type: 'play', seat: 0, card: 'R+2#1' });
    expect(state.pending).toMatchObject({ kind: 'stack', kinds: ['draw2', 'wild4'] });
    state = play(state, { type: 'play', seat: 1, card: 'W4#1', colour: 'blue' }, { type: 'draw', seat: 2 }).state;
    expect(state.hands[2]).toHaveLength(7);
    expect(state.turn).toBe(0);
  });
});
