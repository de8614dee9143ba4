import { describe, expect, it } from 'vitest';
import { answer, codes, fixture, play, refused } from '../fixture.ts';

describe('Coup Extrême', () => {
  const s = fixture({ hands: ['CX R7', 'G2', 'B3', 'Y1'], top: 'G9', supply: 'G5 G6 G7' });
  it('needs a colour and another player as target', () => {
    refused(s, { type: 'play', seat: 0, card: 'CX#1', colour: 'red' }, 'bad-target', 'Coup Extrême needs a target');
    refused(s, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 0 }, 'bad-target');
    refused(s, { type: 'play', seat: 0, card: 'CX#1', target: 2 }, 'needs-colour');
  });
  it('the launcher turns to the target, the attacker presses twice, play goes on after the attacker', () => {
    let { state } = play(s, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 2 });
    expect(state.pending).toMatchObject({ kind: 'press', seat: 0, aimAt: 2, remaining: 2, reason: 'coupExtreme' });
    state = answer(answer(state, 2), 1);
    expect(codes(state.hands[2])).toBe('B3 G5 G6 G7');
    expect([state.turn, state.colour]).toEqual([1, 'red']);
  });
  it('may be the last card: applied, then the round ends', () => {
    const last = fixture({ hands: ['CX', 'G2', 'B3'], top: 'G9', supply: 'G5' });
    const state = answer(answer(play(last, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 1 }).state, 1), 0);
    expect(state.winner).toBe(0);
    expect(codes(state.hands[1])).toBe('G2 G5');
  });
  it('two players: the opponent is the target and plays next', () => {
    const two = fixture({ hands: ['CX R1', 'G2'], top: 'G9', supply: 'G5' });
    const state = answer(answer(play(two, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 1 }).state, 0), 0);
    expect(state.turn).toBe(1);
  });
});
