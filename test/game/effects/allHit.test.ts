import { describe, expect, it } from 'vitest';
import { answer, fixture, play } from '../fixture.ts';

function presses(rules: string, includes?: boolean): number[] {
  const options = includes === undefined ? {} : { allHitIncludesPlayer: includes };
  let { state } = play(fixture({ rules, options, hands: ['AH R7', 'G2', 'B3', 'Y4'], top: 'G9', supply: 'G5 G6' }), {
    type: 'play', seat: 0, card: 'AH#1', colour: 'blue',
  });
  const seats: number[] = [];
  while (state.pending?.kind === 'press') {
    expect(state.pending.aimAt).toBe(state.pending.seat);
    seats.push(state.pending.seat);
    state = answer(state, 0);
  }
  expect([state.turn, state.colour]).toEqual([1, 'blue']);
  return seats;
}

describe('Wild All-Hit', () => {
  it('extreme-fr: everyone presses once from the next player, the player last', () => {
    expect(presses('extreme-fr')).toEqual([1, 2, 3, 0]);
  });
  it('attack-1999: the player does not press', () => {
    expect(presses('attack-1999')).toEqual([1, 2, 3]);
  });
  it('option allHitIncludesPlayer overrides the rule set', () => {
    expect(presses('attack-1999', true)).toEqual([1, 2, 3, 0]);
  });
});
