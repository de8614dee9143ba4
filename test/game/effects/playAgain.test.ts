import { describe, expect, it } from 'vitest';
import { fixture, play, refused } from '../fixture.ts';

describe('Play Again (en-ligne)', () => {
  const s = fixture({ rules: 'en-ligne', hands: ['RP R7 G7 BP', 'G2', 'B3'], top: 'R3' });
  it('the player may play again a card of its colour or another Play Again', () => {
    let { state } = play(s, { type: 'play', seat: 0, card: 'RP#1' });
    expect(state.pending).toEqual({ kind: 'playAgain', seat: 0, colour: 'red' });
    refused(state, { type: 'play', seat: 0, card: 'G7#1' }, 'cannot-play', 'only a red card or another Play Again');
    refused(state, { type: 'draw', seat: 0 }, 'pending');
    state = play(state, { type: 'play', seat: 0, card: 'BP#1' }).state;
    expect(state.pending).toEqual({ kind: 'playAgain', seat: 0, colour: 'blue' });
    state = play(state, { type: 'pass', seat: 0 }).state;
    expect([state.turn, state.pending]).toEqual([1, null]);
  });
  it('is playable on its colour or on a Play Again only', () => {
    refused(fixture({ rules: 'en-ligne', hands: ['RP R1', 'G2'], top: 'G3' }), { type: 'play', seat: 0, card: 'RP#1' }, 'cannot-play');
    expect(play(fixture({ rules: 'en-ligne', hands: ['RP R1', 'G2'], top: 'GP' }), { type: 'play', seat: 0, card: 'RP#1' }).state.colour).toBe('red');
  });
});
