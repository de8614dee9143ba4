import { describe, expect, it } from 'vitest';
import { fixture, play, refused } from '../fixture.ts';

describe('Skip', () => {
  it('skips the next player', () => {
    const s = fixture({ hands: ['RS R7', 'G2', 'B3'], top: 'R3' });
    const { state, events } = play(s, { type: 'play', seat: 0, card: 'RS#1' });
    expect(state.turn).toBe(2);
    expect(events).toContainEqual({ type: 'skip', seat: 1 });
  });
  it('with two players the player plays again', () => {
    const s = fixture({ hands: ['RS R7', 'G2'], top: 'R3' });
    expect(play(s, { type: 'play', seat: 0, card: 'RS#1' }).state.turn).toBe(0);
  });
  it('plays on its colour or on a Skip, not on another colour', () => {
    const s = fixture({ hands: ['RS GS', 'G2'], top: 'G7', colour: 'green' });
    refused(s, { type: 'play', seat: 0, card: 'RS#1' }, 'cannot-play', 'a red Skip cannot be played on a green 7');
    expect(play(fixture({ hands: ['RS R1', 'G2'], top: 'GS' }), { type: 'play', seat: 0, card: 'RS#1' }).state.colour).toBe('red');
  });
  it('going backwards skips the player on the right', () => {
    const s = fixture({ hands: ['RS R7', 'G2', 'B3', 'Y4'], top: 'R3', direction: -1 });
    expect(play(s, { type: 'play', seat: 0, card: 'RS#1' }).state.turn).toBe(2);
  });
});
