import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../game/index.ts';
import { codes, fixture, play } from '../fixture.ts';

/** The move's reload event: the test fails here when there is none. */
function reloadIn(events: readonly GameEvent[]): Extract<GameEvent, { type: 'reload' }> {
  const e = events.find((x) => x.type === 'reload');
  if (e?.type !== 'reload') throw new Error(`no reload event among ${JSON.stringify(events.map((x) => x.type))}`);
  return e;
}

describe('reloading the launcher from the discard pile', () => {
  it('when empty, before the next press: the discard pile but its top card, shuffled', () => {
    const s = fixture({ hands: ['R5 R7', 'G2'], top: 'R3', under: 'B1 B2 B3', supply: '' });
    const { state, events } = play(s, { type: 'press', seat: 0 });
    const reload = reloadIn(events);
    expect(reload.cards.slice().sort()).toEqual(s.discard.slice(0, -1).sort());
    expect(codes(reload.cards)).toContain('B3');
    expect(state.supply).toEqual(reload.cards);
    expect(codes(state.discard)).toBe('R3');
  });
  it('a burst that empties the launcher ends short; the next press reloads', () => {
    const s = fixture({ hands: ['RH2 R7', 'G2'], top: 'R3', under: 'B1 B2', supply: 'G5' });
    let { state } = play(s, { type: 'play', seat: 0, card: 'RH2#1' });
    ({ state } = play(state, { type: 'launcher', seat: 1, cards: ['G5#1'], fired: true }));
    expect(state.pending).toMatchObject({ remaining: 1 });
    expect(state.supply.slice().sort()).toEqual(s.discard.slice().sort());
    expect(codes(state.discard)).toBe('RH2');
  });
  it('{ atDiscard: N } reloads on top of what is left once N cards lie under the top', () => {
    const s = fixture({ hands: ['R5 R7', 'G2'], top: 'R3', under: 'B1 B2', supply: 'G5 *', options: { reload: { atDiscard: 3 } } });
    expect(play(s, { type: 'press', seat: 0 }).events.some((e) => e.type === 'reload')).toBe(false);
    const more = fixture({ hands: ['R5 R7', 'G2'], top: 'R3', under: 'B1 B2 B4', supply: 'G5 *', options: { reload: { atDiscard: 3 } } });
    const { state, events } = play(more, { type: 'press', seat: 0 });
    const reload = reloadIn(events);
    expect(reload.cards).toHaveLength(3);
    // The launcher's cards come out first, then the reloaded ones in the order the event loads them.
    expect(state.supply).toEqual([...more.supply, ...reload.cards]);
  });
  it('an empty launcher with nothing to reload gives nothing', () => {
    const s = fixture({ hands: ['R5 R7 *', 'G2'], top: 'R3', supply: '' });
    let { state } = play(s, { type: 'press', seat: 0 });
    ({ state } = play(state, { type: 'launcher', seat: 0, cards: [], fired: true }));
    expect([state.turn, state.hands[0].length]).toEqual([1, s.hands[0].length]);
  });
  it('classic: an empty draw pile is reshuffled from the discard pile', () => {
    const s = fixture({ rules: 'classic', hands: ['G5 G7', 'G2'], top: 'R3', under: 'B1 B2', supply: '' });
    const { state, events } = play(s, { type: 'draw', seat: 0 });
    expect(events).toContainEqual({ type: 'reshuffle', cards: s.discard.length - 1 });
    expect(state.hands[0]).toHaveLength(3);
    expect(state.supply).toHaveLength(s.discard.length - 2);
  });
});
