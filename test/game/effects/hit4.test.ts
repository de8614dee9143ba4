import { describe, expect, it } from 'vitest';
import { answer, fixture, play, refused } from '../fixture.ts';

describe('Wild Hit 4 (extreme-2010)', () => {
  const s = fixture({ rules: 'extreme-2010', hands: ['H4 R7', 'G2', 'B3'], top: 'G9', supply: 'G5 G6' });
  it('names a colour; the next player presses four times and loses the turn', () => {
    refused(s, { type: 'play', seat: 0, card: 'H4#1' }, 'needs-colour', 'Wild Hit 4 needs a colour');
    let { state } = play(s, { type: 'play', seat: 0, card: 'H4#1', colour: 'blue' });
    expect(state.colour).toBe('blue');
    expect(state.pending).toMatchObject({ kind: 'press', seat: 1, remaining: 4, reason: 'hit4' });
    for (let i = 0; i < 4; i++) state = answer(state, 0);
    expect(state.turn).toBe(2);
  });
});
