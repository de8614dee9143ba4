import { describe, expect, it } from 'vitest';
import { ignoredResult, type PressResult } from '../../emulator/core.ts';
import { CATCH, MoveList, UNO } from '../../game/core/moves.ts';
import { roundOf } from '../../game/core/round.ts';
import { listMoves } from '../../game/legal.ts';
import { deciderOf, decisionPicks, isReaction, launcherAnswer, pressAgain, pressDue, reactingSeat, reactionsOpen } from '../../game/turnStep.ts';
import { fixture, play } from './fixture.ts';

/** Seat 0 played its second-last card without calling UNO: seat 1's turn, with a late call and catches open. */
function missedUno() {
  const start = fixture({ hands: ['R5 R7', 'R2 G4 B9', 'Y1 Y2', 'G1 G2'], top: 'R3', supply: '*' });
  const s = roundOf(play(start, { type: 'play', seat: 0, card: 'R5#1' }).state);
  const list = new MoveList();
  listMoves(s, list);
  return { s, list };
}

describe('the turn step', () => {
  it('offers out-of-turn moves from the seat that may be caught on, each seat only its own', () => {
    const { s, list } = missedUno();
    expect(s.uno).toBe(0);
    expect(reactionsOpen(s)).toBe(true);
    const decider = deciderOf(s);
    expect(decider).toBe(1);
    expect([0, 1, 2, 3].map((k) => reactingSeat(s, decider, k))).toEqual([0, 1, 2, 3]);
    const own = (seat: number) => Array.from({ length: list.length }, (_, i) => i).filter((i) => isReaction(list, i, seat, decider)).map((i) => list.type[i]);
    // The seat that missed UNO may still call it; every other seat may catch it; the decider's plays are its turn, not a jump-in.
    expect(own(0)).toEqual([UNO]);
    expect(own(1)).toEqual([CATCH]);
    expect(own(2)).toEqual([CATCH]);
  });

  it('gives the decider its own moves but the late call and the catches', () => {
    const { s, list } = missedUno();
    const picks = decisionPicks(list, deciderOf(s), reactionsOpen(s));
    expect(picks.length).toBeGreaterThan(0);
    for (const i of picks) expect([list.seat[i], list.type[i] === UNO || list.type[i] === CATCH]).toEqual([1, false]);
    const others = Array.from({ length: list.length }, (_, i) => i).filter((i) => !picks.includes(i));
    for (const i of others) expect([UNO, CATCH]).toContain(list.type[i]);
  });

  it('gives every listed move, one shared array, when no out-of-turn chance is open', () => {
    const s = roundOf(fixture({ hands: ['R5 R7 G2', 'R2 G4 B9'], top: 'R3', supply: '*' }));
    const list = new MoveList();
    listMoves(s, list);
    expect(reactionsOpen(s)).toBe(false);
    const picks = decisionPicks(list, deciderOf(s), false);
    expect(picks).toEqual(Array.from({ length: list.length }, (_, i) => i));
    expect(decisionPicks(list, 0, false)).toBe(picks);
  });

  it('has the launcher answer a press request, and makes its answer from the press that dinged', () => {
    const s = roundOf(play(fixture({ hands: ['R5 R7', 'R2 G4'], top: 'B3', supply: 'G1 G2 G3' }), { type: 'press', seat: 0 }).state);
    const p = pressDue(s);
    expect(p).toMatchObject({ kind: 'press', seat: 0 });
    const r: PressResult = { ...ignoredResult('off'), ignored: undefined, dinged: true, fired: true, cards: ['G1#1', 'G2#1'], jam: true, halfOut: true };
    expect(launcherAnswer(p!, r)).toEqual({ type: 'launcher', seat: 0, cards: ['G1#1', 'G2#1'], fired: true, jam: true, halfOut: 1 });
    expect(launcherAnswer(p!, { ...r, cards: [], fired: false, jam: false })).toEqual({ type: 'launcher', seat: 0, cards: [], fired: false });
    expect(pressDue(roundOf(fixture({ hands: ['R5 R7', 'R2 G4'], top: 'B3', supply: '*' })))).toBeNull();
  });

  it('presses again after a jam or an open lid, and never after a dead battery', () => {
    expect(pressAgain(ignoredResult('jammed'))).toBe(true);
    expect(pressAgain(ignoredResult('lid-open'))).toBe(true);
    expect(pressAgain(ignoredResult('battery-dead'))).toBe(false);
    expect(pressAgain(ignoredResult('off'))).toBe(false);
  });
});
