import { describe, expect, it } from 'vitest';
import { answer, codes, fixture, play, refused } from '../fixture.ts';

describe('Wild Hit-Fire', () => {
  it('extreme-fr: the next player presses until cards come out, then names the colour', () => {
    const s = fixture({ rules: 'extreme-fr', hands: ['HF R7', 'G2', 'B3'], top: 'G9', supply: 'G5 G6 G7' });
    refused(s, { type: 'play', seat: 0, card: 'HF#1', colour: 'red' }, 'bad-move', 'does not name a colour');
    let { state } = play(s, { type: 'play', seat: 0, card: 'HF#1' });
    expect(state.pending).toMatchObject({ kind: 'press', seat: 1, untilCards: true, reason: 'hitFire' });
    state = answer(state, 0);
    state = answer(state, 0);
    expect(state.pending).toMatchObject({ kind: 'press', seat: 1 });
    state = answer(state, 2);
    expect(codes(state.hands[1])).toBe('G2 G5 G6');
    expect(state.pending).toMatchObject({ kind: 'colour', seat: 1 });
    refused(state, { type: 'colour', seat: 0, colour: 'red' }, 'not-your-turn');
    state = play(state, { type: 'colour', seat: 1, colour: 'yellow' }).state;
    expect([state.colour, state.turn, state.pending]).toEqual(['yellow', 2, null]);
  });
  it('attack-1999: the player names the colour with the card', () => {
    const s = fixture({ rules: 'attack-1999', hands: ['HF R7', 'G2', 'B3'], top: 'G9', supply: 'G5' });
    let { state } = play(s, { type: 'play', seat: 0, card: 'HF#1', colour: 'red' });
    state = answer(state, 1);
    expect([state.colour, state.turn, state.pending]).toEqual(['red', 2, null]);
  });
  it('reloads from the discard pile when the launcher is empty', () => {
    const s = fixture({ rules: 'attack-1999', hands: ['HF R7', 'G2', 'B3'], top: 'G9', under: 'B1', supply: '' });
    const { state, events } = play(s, { type: 'play', seat: 0, card: 'HF#1', colour: 'red' });
    expect(events).toContainEqual({ type: 'reload', cards: expect.arrayContaining(['G9#1', 'B1#1']) });
    expect(state.supply).toHaveLength(s.discard.length);
  });
  it('stops when nothing can come out: the launcher and the discard pile are empty', () => {
    const then = { turn: 2 };
    const s = fixture({
      rules: 'attack-1999', hands: ['R7 *', 'G2', 'B3'], top: 'HF', colour: 'red', supply: '',
      pending: { kind: 'press', seat: 1, aimAt: 1, remaining: 1, untilCards: true, queue: [], reason: 'hitFire', then },
    });
    const state = answer(s, 0);
    expect([state.turn, state.pending]).toEqual([2, null]);
  });
});
