import { describe, expect, it } from 'vitest';
import { RULE_SETS, type Options } from '../../game/rules.ts';
import { checkRuleSet, READINGS_ON } from './invariants.ts';
import { SEARCH_GAMES_MS } from '../budgets.ts';

// Every rule set, every player count (2..6 go round), with a search seat on a small budget.
describe('invariants with an ISMCTS seat', () => {
  for (const rules of Object.keys(RULE_SETS)) {
    it(`${rules}: 30 games`, () => expect(checkRuleSet(rules, 30, {}, 'ismcts').moves).toBeGreaterThan(30 * 5), SEARCH_GAMES_MS);
  }
  // House rules, each set of them a test of its own: 30 search games each.
  const options = { stacking: true, stackCross: true, jumpIn: true, sevenZero: true, twoIdentical: true };
  const house: [string, string, Partial<Options>][] = [
    ['classic', 'stacking, jump-in, seven-zero, two identical', options],
    ['extreme', 'the same, and a reload at a discard count', { ...options, reload: { atDiscard: 20 } }],
    ['extreme-fr', 'jump-in, seven-zero, the player choosing the Hit Fire colour, All Hit sparing its player', { jumpIn: true, sevenZero: true, hitFireColour: 'player', allHitIncludesPlayer: false }],
    ['en-ligne', 'jump-in and stacking', { jumpIn: true, stacking: true }],
    ['classic', 'the launcher, Wild Draw Four challenges and challenge scoring', { launcher: true, challengeWild4: true, scoring: 'challenge' }],
    ...READINGS_ON,
  ];
  for (const [rules, what, o] of house) {
    it(`house rules, ${rules} with ${what}: 30 games`, () => expect(checkRuleSet(rules, 30, o, 'ismcts').moves).toBeGreaterThan(30 * 5), SEARCH_GAMES_MS);
  }
});
