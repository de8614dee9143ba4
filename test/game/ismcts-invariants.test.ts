import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../../game/rules.ts';
import { checkRuleSet } from './invariants.ts';

// Every rule set, every player count (2..6 go round), with a search seat on a small budget.
describe('invariants with an ISMCTS seat', () => {
  for (const rules of Object.keys(RULE_SETS)) {
    it(`${rules}: 30 games`, () => expect(checkRuleSet(rules, 30, {}, 'ismcts').moves).toBeGreaterThan(30 * 5));
  }
  it('house rules: stacking, jump-in, seven-zero, two identical, reload at a discard count', () => {
    const options = { stacking: true, stackCross: true, jumpIn: true, sevenZero: true, twoIdentical: true };
    expect(checkRuleSet('classic', 30, options, 'ismcts').moves).toBeGreaterThan(30 * 5);
    expect(checkRuleSet('extreme', 30, { ...options, reload: { atDiscard: 20 } }, 'ismcts').moves).toBeGreaterThan(30 * 5);
    expect(checkRuleSet('extreme-fr', 30, { jumpIn: true, sevenZero: true, hitFireColour: 'player', allHitIncludesPlayer: false }, 'ismcts').moves).toBeGreaterThan(30 * 5);
    expect(checkRuleSet('en-ligne', 30, { jumpIn: true, stacking: true }, 'ismcts').moves).toBeGreaterThan(30 * 5);
    expect(checkRuleSet('classic', 30, { launcher: true, challengeWild4: true, scoring: 'challenge' }, 'ismcts').moves).toBeGreaterThan(30 * 5);
  });
});
