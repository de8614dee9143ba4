import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../../game/legal.ts';
import { fixture, play, refused } from '../fixture.ts';

describe('classic: drawing from the pile', () => {
  it('a playable drawn card may be played at once, and only that card', () => {
    const s = fixture({ rules: 'classic', hands: ['G5 B7', 'G2'], top: 'R3', supply: 'R9 Y1' });
    refused(s, { type: 'press', seat: 0 }, 'bad-move', 'draw instead of press');
    let { state } = play(s, { type: 'draw', seat: 0 });
    expect(state.pending).toEqual({ kind: 'drawn', seat: 0, card: 'R9#1' });
    expect(legalMoves(state)).toEqual([{ type: 'play', seat: 0, card: 'R9#1' }, { type: 'pass', seat: 0 }]);
    refused(state, { type: 'play', seat: 0, card: 'G5#1' }, 'cannot-play', 'only the drawn card');
    state = play(state, { type: 'play', seat: 0, card: 'R9#1' }).state;
    expect(state.turn).toBe(1);
  });
  it('or kept: pass', () => {
    const s = fixture({ rules: 'classic', hands: ['G5', 'G2'], top: 'R3', supply: 'R9' });
    const { state } = play(s, { type: 'draw', seat: 0 }, { type: 'pass', seat: 0 });
    expect([state.turn, state.hands[0].length]).toEqual([1, 2]);
  });
  it('an unplayable drawn card ends the turn', () => {
    const s = fixture({ rules: 'classic', hands: ['G5', 'G2'], top: 'R3', supply: 'B9' });
    const { state } = play(s, { type: 'draw', seat: 0 });
    expect([state.turn, state.pending]).toEqual([1, null]);
  });
  it('launcher rule sets: pressing ends the turn, a received card cannot be played', () => {
    const s = fixture({ hands: ['G5', 'G2'], top: 'R3', supply: 'R9' });
    refused(s, { type: 'draw', seat: 0 }, 'bad-move', 'press instead of draw');
    let { state } = play(s, { type: 'press', seat: 0 });
    ({ state } = play(state, { type: 'launcher', seat: 0, cards: ['R9#1'], fired: true }));
    expect([state.turn, state.pending]).toEqual([1, null]);
    refused(state, { type: 'play', seat: 0, card: 'R9#1' }, 'not-your-turn');
  });
});
