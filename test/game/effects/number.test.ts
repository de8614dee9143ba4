import { describe, expect, it } from 'vitest';
import { codes, fixture, play, refused } from '../fixture.ts';

describe('number cards', () => {
  it('match by colour or number; play passes to the next player', () => {
    const s = fixture({ hands: ['G3 R9', 'G2', 'B3'], top: 'R3' });
    expect(play(s, { type: 'play', seat: 0, card: 'G3#1' }).state).toMatchObject({ turn: 1, colour: 'green' });
    refused(fixture({ hands: ['G4 R9', 'G2'], top: 'R3' }), { type: 'play', seat: 0, card: 'G4#1' }, 'cannot-play', 'a green 4 cannot be played on a red 3');
  });
  it('sevenZero: a 7 swaps hands with the chosen player', () => {
    const s = fixture({ hands: ['R7 R1 R2', 'G2', 'B3 B4'], top: 'R3', options: { sevenZero: true } });
    refused(s, { type: 'play', seat: 0, card: 'R7#1' }, 'bad-target');
    const { state } = play(s, { type: 'play', seat: 0, card: 'R7#1', target: 2 });
    expect(state.hands.map(codes)).toEqual(['B3 B4', 'G2', 'R1 R2']);
  });
  it('sevenZero: a 0 passes every hand to the next player', () => {
    const s = fixture({ rules: 'classic', hands: ['R0 R1', 'G2', 'B3 B4'], top: 'R3', options: { sevenZero: true } });
    const { state } = play(s, { type: 'play', seat: 0, card: 'R0#1' });
    expect(state.hands.map(codes)).toEqual(['B3 B4', 'R1', 'G2']);
  });
  it('twoIdentical: a pair is laid together and skips the next player', () => {
    const s = fixture({ hands: ['R5 R5 G1', 'G2', 'B3'], top: 'R3', options: { twoIdentical: true } });
    const { state } = play(s, { type: 'play', seat: 0, card: 'R5#1', also: 'R5#2' });
    expect(codes(state.discard.slice(-3))).toBe('R3 R5 R5');
    expect(state.turn).toBe(2);
    refused(fixture({ hands: ['R5 R5 G1', 'G2'], top: 'R3' }), { type: 'play', seat: 0, card: 'R5#1', also: 'R5#2' }, 'bad-move', /twoIdentical/);
  });
});
