/** What a person reads of the seeds' other readings, in English and French: a +4 taken back, a hand given to nobody. */
import { describe, expect, it } from 'vitest';
import { NOBODY, nextStep, stepOptions, stepTitle, targetText } from '../../table/asks.ts';
import { describeEvent } from '../../table/words.ts';
import { legalMoves } from '../../game/legal.ts';
import { loadLang, wordsIn } from '../../words/catalogue.ts';
import { fixture } from '../game/fixture.ts';
import type { Move } from '../../game/state.ts';

const names = ['Ana', 'Bo', 'Cy'];
const en = wordsIn('en'), fr = await loadLang('fr');

describe("the seeds' other readings in words", () => {
  it('a +4 taken back', () => {
    const e = { type: 'takeBack', seat: 1, card: 'W4#1', colour: 'red' } as const;
    expect(describeEvent(e, names, null, en)).toBe('Bo takes the +4 back: the colour is red again');
    expect(describeEvent(e, names, null, fr)).toBe('Bo reprend le +4\u00a0: la couleur est de nouveau rouge');
  });
  it("a 7 whose swap is optional: who gets the hand, or nobody", () => {
    const s = fixture({ hands: ['R7 R1', 'G2', 'B3 B4'], top: 'R3', options: { sevenZero: true, sevenZeroOptional: true } });
    const plays = legalMoves(s).filter((m): m is Extract<Move, { type: 'play' }> => m.type === 'play' && m.card === 'R7#1');
    const step = nextStep(plays, false);
    if (step === null || !('step' in step)) throw new Error('a 7 asks whom');
    expect(stepTitle(step, en)).toBe('Red 7: who gets your hand?');
    expect(stepOptions(step).map((o) => targetText(o.value as number, names, [2, 1, 2], en))).toEqual(['Nobody: keep the hands as they are', 'Bo (1 card)', 'Cy (2 cards)']);
    expect(targetText(NOBODY, names, [], fr)).toBe('Personne\u00a0: chacun garde son jeu');
    expect(stepTitle(step, fr)).toBe('7 rouge\u00a0: à qui donner ton jeu\u00a0?');
  });
});
