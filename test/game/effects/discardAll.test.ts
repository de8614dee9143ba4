import { describe, expect, it } from 'vitest';
import { codes, fixture, play } from '../fixture.ts';

describe('Discard All', () => {
  it('lays every card of its colour with it and ends on top', () => {
    // Two green Discard Alls: the extreme-2010 deck has two per colour.
    const s = fixture({ rules: 'extreme-2010', hands: ['R5 GD R9 GD G7 B1 G2', 'G2', 'B3'], top: 'G3' });
    const { state, events } = play(s, { type: 'play', seat: 0, card: 'GD#1' });
    expect(codes(state.hands[0])).toBe('R5 R9 B1');
    expect(codes(state.discard.slice(-5))).toBe('G3 GD G7 G2 GD');
    expect(state.discard.at(-1)).toBe('GD#1');
    expect(events[0]).toMatchObject({ type: 'play', seat: 0, cards: ['GD#2', 'G7#1', 'G2#1', 'GD#1'] });
    expect(state.turn).toBe(1);
  });
  it('plays on another Discard All and sets its colour', () => {
    const s = fixture({ hands: ['RD R1', 'G2'], top: 'GD' });
    expect(play(s, { type: 'play', seat: 0, card: 'RD#1' }).state.colour).toBe('red');
  });
  it('leaving one card opens the UNO window unless called; leaving none ends the round', () => {
    const one = fixture({ hands: ['RD R1 B2', 'G2', 'B3'], top: 'R3' });
    expect(play(one, { type: 'play', seat: 0, card: 'RD#1' }).state.uno).toBe(0);
    expect(play(one, { type: 'play', seat: 0, card: 'RD#1', uno: true }).state.uno).toBeNull();
    const out = fixture({ hands: ['RD R1 R2', 'G2', 'B3'], top: 'R3' });
    expect(play(out, { type: 'play', seat: 0, card: 'RD#1' }).state.winner).toBe(0);
  });
});
