import { describe, expect, it } from 'vitest';
import { checkRuleSet } from './invariants.ts';

describe('invariants over seeded bot games: launcher rule sets', () => {
  for (const rules of ['extreme', 'extreme-fr', 'attack-1999', 'extreme-2010']) {
    it(`${rules}: 300 games`, () => expect(checkRuleSet(rules, 300).moves).toBeGreaterThan(300 * 20));
  }
  it('extreme with every house rule on (stacking, jumpIn, sevenZero, twoIdentical, reload at 40)', () => {
    const options = { stacking: true, stackCross: true, jumpIn: true, sevenZero: true, twoIdentical: true, reload: { atDiscard: 40 } };
    expect(checkRuleSet('extreme', 100, options, 'heuristic').moves).toBeGreaterThan(100 * 20);
  });
});
