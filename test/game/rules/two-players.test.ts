import { describe, expect, it } from 'vitest';
import { answer, fixture, play } from '../fixture.ts';

describe('two-player rules (automatic with two players left)', () => {
  it('Reverse acts as Skip and Skip lets the player play again', () => {
    for (const code of ['RR', 'RS']) {
      const s = fixture({ hands: [`${code} R7`, 'G2'], top: 'R3' });
      expect(play(s, { type: 'play', seat: 0, card: `${code}#1` }).state.turn).toBe(0);
    }
  });
  it('after a Hit 2 the victim presses and the player plays again', () => {
    const s = fixture({ hands: ['RH2 R7', 'G2'], top: 'R3', supply: 'B1' });
    expect(answer(answer(play(s, { type: 'play', seat: 0, card: 'RH2#1' }).state, 0), 0).turn).toBe(0);
  });
  it('applies when players are out of the match: three seats, one out', () => {
    const s = fixture({ hands: ['RR R7', '', 'B1'], top: 'R3', out: [false, true, false] });
    const { state } = play(s, { type: 'play', seat: 0, card: 'RR#1' });
    expect([state.turn, state.direction]).toEqual([0, 1]);
    const k = fixture({ hands: ['R1 R7', '', 'B1 R2'], top: 'R3', out: [false, true, false] });
    expect(play(k, { type: 'play', seat: 0, card: 'R1#1' }).state.turn).toBe(2);
  });
  it('+2 in classic: the victim draws and the player plays again', () => {
    const s = fixture({ rules: 'classic', hands: ['R+2 R7', 'G2'], top: 'R3', supply: 'B1 B2' });
    expect(play(s, { type: 'play', seat: 0, card: 'R+2#1' }).state.turn).toBe(0);
  });
});
