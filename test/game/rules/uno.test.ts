import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../../game/legal.ts';
import { answer, codes, fixture, play, refused } from '../fixture.ts';

describe('UNO call and catch', () => {
  const s = fixture({ hands: ['R5 R7', 'G2 R1', 'B3 B4'], top: 'R3', supply: 'G5 G6 G7' });
  it('a play that leaves one card lists a variant with the call', () => {
    const plays = legalMoves(s).filter((m) => m.type === 'play' && m.card === 'R5#1');
    expect(plays).toEqual([
      { type: 'play', seat: 0, card: 'R5#1' },
      { type: 'play', seat: 0, card: 'R5#1', uno: true },
    ]);
  });
  it('calling with the play is safe', () => {
    const { state, events } = play(s, { type: 'play', seat: 0, card: 'R5#1', uno: true });
    expect(events).toContainEqual({ type: 'uno', seat: 0 });
    expect(state.uno).toBeNull();
    expect(legalMoves(state).some((m) => m.type === 'catch')).toBe(false);
  });
  it('UNO is called only with the play that leaves one card', () => {
    const three = fixture({ hands: ['R5 R7 R8', 'G2'], top: 'R3' });
    refused(three, { type: 'play', seat: 0, card: 'R5#1', uno: true }, 'bad-move', 'leaves one card');
  });
  it('a missed call can be caught by any other player until the next player begins: 2 presses', () => {
    let { state } = play(s, { type: 'play', seat: 0, card: 'R5#1' });
    expect(state.uno).toBe(0);
    const moves = legalMoves(state);
    expect(moves).toContainEqual({ type: 'uno', seat: 0 });
    expect(moves).toContainEqual({ type: 'catch', seat: 2, target: 0 });
    refused(state, { type: 'catch', seat: 0, target: 0 }, 'bad-move', 'cannot catch themselves');
    refused(state, { type: 'catch', seat: 2, target: 1 }, 'no-uno');
    const caught = play(state, { type: 'catch', seat: 2, target: 0 });
    state = caught.state;
    expect(caught.events).toContainEqual({ type: 'caught', seat: 0, by: 2 });
    expect(state.pending).toMatchObject({ kind: 'press', seat: 0, aimAt: 0, remaining: 2, reason: 'uno', then: { turn: 1 } });
    state = answer(answer(state, 1), 2);
    expect(codes(state.hands[0])).toBe('R7 G5 G6 G7');
    expect([state.turn, state.pending]).toEqual([1, null]);
  });
  it('the late call before a catch is safe', () => {
    const { state } = play(s, { type: 'play', seat: 0, card: 'R5#1' }, { type: 'uno', seat: 0 });
    expect(state.uno).toBeNull();
    refused(state, { type: 'catch', seat: 1, target: 0 }, 'no-uno');
  });
  it('the window closes when the next player begins a turn', () => {
    const s = fixture({ hands: ['R5 R7', 'G2 R1 G3', 'B3 B4'], top: 'R3' });
    const { state } = play(s, { type: 'play', seat: 0, card: 'R5#1' }, { type: 'play', seat: 1, card: 'R1#1' });
    expect(state.uno).toBeNull();
    refused(state, { type: 'catch', seat: 2, target: 0 }, 'no-uno', 'nobody can be caught');
  });
  it("the window stays open through a Coup Extrême's presses, until the next player begins (regression: the first press closed it)", () => {
    const cx = fixture({ hands: ['CX R7', 'G2 R1', 'B3 B4'], top: 'R3', supply: 'G5 G6 G7 G8' });
    let { state } = play(cx, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 2 });
    state = answer(state, 1);
    expect(state.uno).toBe(0);
    expect(legalMoves(state)).toContainEqual({ type: 'catch', seat: 1, target: 0 });
    state = answer(state, 0);
    expect([state.uno, state.turn, state.pending]).toEqual([0, 1, null]);
    state = play(state, { type: 'catch', seat: 1, target: 0 }).state;
    expect(state.pending).toMatchObject({ kind: 'press', seat: 0, aimAt: 0, remaining: 2, reason: 'uno', then: { turn: 1 } });
    // Once the next player begins, it is closed.
    const begun = play(answer(play(cx, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 2 }).state, 0), { type: 'launcher', seat: 0, cards: [], fired: false }, { type: 'press', seat: 1 }).state;
    expect(begun.uno).toBeNull();
  });
  it("a card left sticking out on the attacker's press closes the window: two cards in hand, nothing to call", () => {
    const cx = fixture({ hands: ['CX R7', 'G2 R1', 'B3 B4'], top: 'R3', supply: 'G5 G6 G7 G8' });
    const { state } = play(cx, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 2 });
    const after = play(state, { type: 'launcher', seat: 0, cards: state.supply.slice(0, 2), fired: true, halfOut: 1 }).state;
    expect([after.uno, after.hands[0].length]).toEqual([null, 2]);
  });
  it('a catch during a request comes first, then the request goes on', () => {
    const h = fixture({ hands: ['RH2 R7', 'G2 R1', 'B3 B4'], top: 'R3', supply: 'G5 G6 G7' });
    let { state } = play(h, { type: 'play', seat: 0, card: 'RH2#1' }, { type: 'catch', seat: 2, target: 0 });
    expect(state.pending).toMatchObject({ seat: 0, reason: 'uno', then: { pending: { seat: 1, reason: 'hit2' } } });
    state = answer(answer(state, 0), 0);
    expect(state.pending).toMatchObject({ seat: 1, reason: 'hit2', remaining: 2 });
  });
  it('classic: the penalty is two cards from the pile', () => {
    const c = fixture({ rules: 'classic', hands: ['R5 R7', 'G2 R1', 'B3 B4'], top: 'R3', supply: 'G5 G6 G7' });
    const { state } = play(c, { type: 'play', seat: 0, card: 'R5#1' }, { type: 'catch', seat: 1, target: 0 });
    expect(codes(state.hands[0])).toBe('R7 G5 G6');
    expect(state.turn).toBe(1);
  });
  it('unoCall: false (en-ligne) has no call and no catch', () => {
    const e = fixture({ rules: 'en-ligne', hands: ['R5 R7', 'G2 R1'], top: 'R3' });
    const { state } = play(e, { type: 'play', seat: 0, card: 'R5#1' });
    expect(state.uno).toBeNull();
    refused(e, { type: 'play', seat: 0, card: 'R5#1', uno: true }, 'bad-move', 'UNO is not called');
  });
});
