/**
 * A rule file that cannot be used, in the reader's language: every refusal of game/ruleFile.ts,
 * and of a house rule's option (game/rules.ts optionsProblem), carries its message of the command
 * line's catalogue (`reason.rules.*`, `reason.options.*`, `reason.unknownKey.*`), worded
 * in French with no English word but the file's own field names, and its English `message` the
 * same as the catalogue's English (the file writes the English itself, as the page bundles it
 * without the command line's words: this holds the two together).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLang } from '../../words/catalogue.ts';
import { parseRulesText, checkRules } from '../../game/ruleFile.ts';
import { ACTION_KINDS, WILD_KINDS } from '../../game/cards.ts';
import { resolveRules, RULE_SETS, RulesError, START_ACTIONS, type Options } from '../../game/rules.ts';
import { cliWordsIn, sayIn } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
import { wordsOf } from './english.ts';
import { expectSaidInFrench, thrownBy } from './refused.ts';

const FR = cliWordsIn('fr');
/** The rule file's own field names and values (the card kinds, the start actions), typed in every language. */
const FIELDS = new Set([
  'stacking', 'stackcross', 'stacktwosonly', 'teams', 'scoring', 'handsize', 'hitfirecolour', 'reload', 'atdiscard', 'when', 'empty', 'true', 'false',
  'rules', 'base', 'deck', 'numbers', 'coloured', 'colored', 'wild', 'points', 'kinds', 'counts', 'start', 'name', 'description', 'profile', 'options', 'null', 'fly', 'zzz',
  ...[...ACTION_KINDS, ...WILD_KINDS, ...START_ACTIONS].flatMap(wordsOf),
]);

/** The error `make` throws. */
const thrown = (make: () => unknown): RulesError => thrownBy(make, RulesError);

const zeros = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const file = (v: unknown) => () => parseRulesText(JSON.stringify(v), 'my-rules.json');
const { options: _o, ...noOptions } = RULE_SETS.extreme;
const withoutOption = { ...RULE_SETS.extreme, options: Object.fromEntries(Object.entries(RULE_SETS.extreme.options).slice(1)) };

/** One of each refusal, keyed by its reason's catalogue key. */
const CASES: Record<string, () => unknown> = {
  'reason.rules.jsonObject': file([]),
  // Text that is no JSON (lib/untrusted.ts parseJsonText): the parser's words quoted, the position worded.
  'reason.json.invalid': () => parseRulesText('{"base": }', 'my-rules.json'),
  'reason.json.deep': () => parseRulesText('['.repeat(40) + ']'.repeat(40), 'my-rules.json'),
  'reason.rules.base': file({ base: 3 }),
  'reason.rules.unknown': file({ base: 'nope' }),
  'reason.rules.object': file({ deck: 3 }),
  'reason.rules.numbers': file({ deck: { numbers: 3 } }),
  'reason.rules.tenCounts': file({ deck: { numbers: { counts: [1] } } }),
  'reason.rules.count': file({ deck: { numbers: { counts: [1, 1, 1, 1, 1, 1, 1, 1, 1, -1] } } }),
  'reason.rules.kindCounts': file({ deck: { coloured: 3 } }),
  'reason.unknownKey.near': file({ deck: { colored: {} } }),
  'reason.unknownKey.known': file({ zzz: 1 }),
  'reason.rules.nonEmpty': file({ name: '' }),
  'reason.rules.string': file({ description: 3 }),
  'reason.rules.start': file({ start: 3 }),
  'reason.rules.oneOf': file({ start: { number: 'fly' } }),
  'reason.rules.profile': file({ profile: 3 }),
  'reason.rules.noCard': file({ deck: { numbers: { counts: zeros }, coloured: {}, wild: {} } }),
  'reason.rules.tooMany': file({ deck: { numbers: { counts: zeros.map(() => 100) } } }),
  'reason.rules.dealer': file({ deck: { numbers: { counts: [9, ...zeros.slice(1)] }, coloured: {}, wild: {} } }),
  'reason.rules.deck': () => checkRules({ ...RULE_SETS.extreme, deck: 3 }),
  'reason.rules.points': () => checkRules({ ...RULE_SETS.extreme, points: 3 }),
  'reason.rules.missing': () => checkRules(withoutOption),
  'reason.rules.options': () => checkRules(noOptions),
  // A house rule's option (game/rules.ts optionsProblem), in a file and given to the rules.
  'reason.options.whole': file({ options: { handSize: 0 } }),
  'reason.options.oneOf': file({ options: { scoring: 'fast' } }),
  'reason.options.reload': file({ options: { reload: { atDiscard: 0 } } }),
  'reason.rules.boolean': file({ options: { stacking: 'yes' } }),
  'reason.options.stackTwosOnly': file({ options: { stackTwosOnly: true, stackCross: true } }),
  'reason.options.teams': file({ options: { teams: true, scoring: 'lowest' } }),
  'reason.options.field': () => resolveRules('extreme', { hitFireColour: 'left' } as unknown as Partial<Options>),
};

describe("a rule file's refusals in the reader's language", () => {
  // A reason is worded by the game's catalogue, French once loaded (as cli/main.ts loads it).
  beforeAll(() => loadLang('fr'));

  it('each is worded in French with no English word, its English message the catalogue\'s English', () => {
    expectSaidInFrench(CASES, RulesError, FIELDS, (key) => (key === 'reason.rules.options' ? 'reason.rules.object' : key));
  });

  it('the English is the text it was, the French says the file and the field', () => {
    const e = thrown(CASES['reason.rules.tenCounts']);
    expect(e.message).toBe('my-rules.json: deck.numbers.counts: must be a list of 10 whole numbers (faces 0 to 9)');
    expect(sayIn(FR, saidOf(e)!)).toBe('my-rules.json\u00a0: deck.numbers.counts\u00a0: doit être une liste de 10 nombres entiers (faces 0 à 9)');
    expect(thrown(CASES['reason.unknownKey.near']).message).toBe('my-rules.json: deck.colored: unknown field "colored": did you mean coloured?');
    expect(thrown(CASES['reason.options.oneOf']).message).toBe('my-rules.json: options.scoring: must be "standard", "challenge" or "lowest"');
    expect(sayIn(FR, saidOf(thrown(CASES['reason.options.oneOf']))!)).toBe('my-rules.json\u00a0: options.scoring\u00a0: doit être "standard", "challenge" ou "lowest"');
    expect(thrown(CASES['reason.options.field']).message).toBe('options.hitFireColour: must be "victim", "player" or "next"');
    expect(thrown(CASES['reason.options.whole']).message).toBe('my-rules.json: options.handSize: must be a whole number from 1 to 15');
    // What to write in the file, as the file writes it, in both languages.
    expect(thrown(CASES['reason.rules.numbers']).message).toBe('my-rules.json: deck.numbers: must be an object { "counts": [10 numbers] }');
    expect(sayIn(FR, saidOf(thrown(CASES['reason.rules.numbers']))!)).toBe('my-rules.json\u00a0: deck.numbers\u00a0: doit être un objet { "counts": [10 nombres] }');
    expect(sayIn(FR, saidOf(thrown(CASES['reason.unknownKey.near']))!)).toBe('my-rules.json\u00a0: deck.colored\u00a0: champ inconnu «\u00a0colored\u00a0»\u00a0: voulais-tu dire coloured\u00a0?');
  });
});
