import { describe, expect, it } from 'vitest';
import { checkRuleSet, READINGS_ON } from './invariants.ts';

describe('invariants over seeded bot games: draw-pile rule sets', () => {
  for (const rules of ['classic', 'en-ligne']) {
    it(`${rules}: 300 games`, () => expect(checkRuleSet(rules, 300).moves).toBeGreaterThan(300 * 10));
  }
  it('classic with house rules and the launcher option (heuristic bots: random ones trading 7s may play for ever)', () => {
    const options = { stacking: true, stackCross: true, jumpIn: true, sevenZero: true, twoIdentical: true, launcher: true };
    expect(checkRuleSet('classic', 100, options, 'heuristic').moves).toBeGreaterThan(100 * 10);
  });
  // The seeds' other readings: random bots play them, the heuristic ones weigh them.
  for (const [rules, what, options] of READINGS_ON) {
    it(`${rules} with ${what}: 60 games`, () => expect(checkRuleSet(rules, 60, options).moves).toBeGreaterThan(60 * 5));
  }
  it('extreme-fr with hitFireColour player, allHitIncludesPlayer false, handSize 3', () => {
    expect(checkRuleSet('extreme-fr', 100, { hitFireColour: 'player', allHitIncludesPlayer: false, handSize: 3 }).moves).toBeGreaterThan(100 * 5);
  });
});
