import { describe, expect, it } from 'vitest';
import { fixture, play, refused } from '../fixture.ts';

describe('Wild and Customizable', () => {
  it('a Wild plays on anything and names a colour (the current one too)', () => {
    const s = fixture({ hands: ['W R7', 'G2'], top: 'G9' });
    refused(s, { type: 'play', seat: 0, card: 'W#1' }, 'needs-colour');
    refused(s, { type: 'play', seat: 0, card: 'W#1', colour: 'pink' as 'red' }, 'needs-colour');
    expect(play(s, { type: 'play', seat: 0, card: 'W#1', colour: 'green' }).state).toMatchObject({ colour: 'green', turn: 1 });
  });
  it('after a Wild only the named colour (or a wild) matches', () => {
    const s = fixture({ hands: ['W R7 B9', 'G2 R1', 'B3'], top: 'G9' });
    const { state } = play(s, { type: 'play', seat: 0, card: 'W#1', colour: 'red' });
    refused(state, { type: 'play', seat: 1, card: 'G2#1' }, 'cannot-play', /a green 2 cannot be played on a Wild \(colour red\)/);
    expect(play(state, { type: 'play', seat: 1, card: 'R1#1' }).state.colour).toBe('red');
  });
  it('the Customizable of extreme-2010 is a plain Wild', () => {
    const s = fixture({ rules: 'extreme-2010', hands: ['CU R7', 'G2', 'B1'], top: 'G9' });
    expect(play(s, { type: 'play', seat: 0, card: 'CU#1', colour: 'blue' }).state).toMatchObject({ colour: 'blue', turn: 1, pending: null });
  });
});
