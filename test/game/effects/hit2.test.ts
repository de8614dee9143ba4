import { describe, expect, it } from 'vitest';
import { answer, codes, fixture, play, refused } from '../fixture.ts';

describe('Hit 2', () => {
  const s = fixture({ hands: ['RH2 R7', 'G2', 'B3'], top: 'R3', supply: 'G5 G6 G7 G8' });
  it('the next player presses twice, gets what comes out and loses the turn', () => {
    let { state } = play(s, { type: 'play', seat: 0, card: 'RH2#1' });
    expect(state.pending).toMatchObject({ kind: 'press', seat: 1, aimAt: 1, remaining: 2, reason: 'hit2' });
    refused(state, { type: 'play', seat: 1, card: 'G2#1' }, 'pending', 'seat 1 must press the launcher first');
    state = answer(state, 0);
    expect(state.pending).toMatchObject({ remaining: 1 });
    state = answer(state, 3);
    expect(codes(state.hands[1])).toBe('G2 G5 G6 G7');
    expect([state.pending, state.turn]).toEqual([null, 2]);
  });
  it('an answer must be the next cards of the launcher', () => {
    const { state } = play(s, { type: 'play', seat: 0, card: 'RH2#1' });
    refused(state, { type: 'launcher', seat: 1, cards: ['G6#1'], fired: true }, 'bad-launcher', /card 1 out of the launcher is G6#1, but the launcher's card 1 is G5#1/);
    refused(state, { type: 'launcher', seat: 2, cards: [], fired: false }, 'not-your-turn');
  });
  it('with two players the player plays again', () => {
    const two = fixture({ hands: ['RH2 R7', 'G2'], top: 'R3', supply: 'G5' });
    const state = answer(answer(play(two, { type: 'play', seat: 0, card: 'RH2#1' }).state, 0), 0);
    expect(state.turn).toBe(0);
  });
  it('as the last card, it is applied and then the round ends', () => {
    const last = fixture({ hands: ['RH2', 'G2', 'B3'], top: 'R3', supply: 'G5 G6' });
    let { state } = play(last, { type: 'play', seat: 0, card: 'RH2#1' });
    expect(state.winner).toBeNull();
    state = answer(answer(state, 1), 1);
    expect(state.winner).toBe(0);
    expect(codes(state.hands[1])).toBe('G2 G5 G6');
  });
  it('stacking: Hit 2 on Hit 2 adds presses for the first who cannot stack', () => {
    const st = fixture({ hands: ['RH2 R7', 'GH2 G1', 'B3'], top: 'R3', supply: 'G5 G6 G7 G8', options: { stacking: true } });
    let { state } = play(st, { type: 'play', seat: 0, card: 'RH2#1' });
    expect(state.pending).toMatchObject({ kind: 'stack', seat: 1, total: 2 });
    refused(state, { type: 'play', seat: 1, card: 'G1#1' }, 'cannot-play', /stacked/);
    state = play(state, { type: 'play', seat: 1, card: 'GH2#1' }).state;
    expect(state.pending).toMatchObject({ kind: 'stack', seat: 2, total: 4 });
    state = play(state, { type: 'press', seat: 2 }).state;
    expect(state.pending).toMatchObject({ kind: 'press', seat: 2, remaining: 4, reason: 'stack' });
    for (let i = 0; i < 4; i++) state = answer(state, 0);
    expect(state.turn).toBe(0);
  });
});
