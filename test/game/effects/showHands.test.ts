import { describe, expect, it } from 'vitest';
import { fixture, play } from '../fixture.ts';

describe('Show Hands', () => {
  it('hands are shown until the next card is played', () => {
    const s = fixture({ rules: 'extreme-fr', hands: ['RSH R7', 'G2 R1', 'B3'], top: 'R3' });
    let { state, events } = play(s, { type: 'play', seat: 0, card: 'RSH#1' });
    expect(state.shown).toBe(true);
    expect(events).toContainEqual({ type: 'show' });
    expect(state.turn).toBe(1);
    state = play(state, { type: 'play', seat: 1, card: 'R1#1' }).state;
    expect(state.shown).toBe(false);
  });
});
