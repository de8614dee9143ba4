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
  it('a card left sticking out goes to the attacker, who pressed; the rest to the target (seed 003)', () => {
    let { state } = play(s, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 2 });
    const half = play(state, { type: 'launcher', seat: 0, cards: state.supply.slice(0, 2), fired: true, halfOut: 1 });
    expect(half.events).toContainEqual({ type: 'press', seat: 0, aimAt: 2, cards: ['G5#1', 'G6#1'], fired: true, halfOut: 1 });
    state = answer(half.state, 1);
    expect(codes(state.hands[2])).toBe('B3 G5 G7');
    expect(codes(state.hands[0])).toBe('R7 G6');
  });
  it('a launcher answer counts at most its own cards as left sticking out', () => {
    const { state } = play(s, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 2 });
    const cards = state.supply.slice(0, 1);
    refused(state, { type: 'launcher', seat: 0, cards, fired: true, halfOut: 2 }, 'bad-launcher', 'from 0 to 1, got 2');
    refused(state, { type: 'launcher', seat: 0, cards, fired: true, halfOut: 0.5 }, 'bad-launcher', 'halfOut');
    refused(state, { type: 'launcher', seat: 0, cards, fired: true, halfOut: '1' as unknown as number }, 'bad-launcher', 'halfOut');
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
