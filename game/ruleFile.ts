/**
 * Custom rule sets and decks from JSON: a file names a `base` rule set and replaces the sections
 * it gives (`deck.numbers`, `deck.coloured`, `deck.wild`, `points.numbers`, `points.kinds`,
 * `start`) and the options it lists. Every error names the file and the field.
 */
import { ACTION_KINDS, buildDeck, WILD_KINDS, type CardKind } from './cards.ts';
import { BASE_OPTIONS, DEFAULT_RULES, optionsProblem, ruleSet, RulesError, START_ACTIONS, type Options, type Rules } from './rules.ts';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const ALL_KINDS: readonly string[] = ['number', ...ACTION_KINDS, ...WILD_KINDS];

function fail(where: string, field: string, what: string): never {
  throw new RulesError(`${where}: ${field}: ${what}`);
}

function counts(where: string, field: string, v: unknown): number[] {
  if (!Array.isArray(v) || v.length !== 10) fail(where, field, 'must be a list of 10 whole numbers (faces 0 to 9)');
  v.forEach((n, i) => isCount(n) || fail(where, `${field}[${i}]`, 'must be a whole number ≥ 0'));
  return v as number[];
}

function kindCounts(where: string, field: string, v: unknown, kinds: readonly string[]): Record<string, number> {
  if (!isObj(v)) fail(where, field, `must be an object of counts by kind (${kinds.join(', ')})`);
  for (const [k, n] of Object.entries(v)) {
    if (!kinds.includes(k)) fail(where, `${field}.${k}`, `unknown card kind: known kinds are ${kinds.join(', ')}`);
    if (!isCount(n)) fail(where, `${field}.${k}`, 'must be a whole number ≥ 0');
  }
  return v as Record<string, number>;
}

/**
 * Checks a complete rule set (every field present), as stored in a save file or built from a
 * rule file. Throws a {@link RulesError} naming `where` and the field.
 */
export function checkRules(v: unknown, where = 'rules'): Rules {
  if (!isObj(v)) fail(where, 'rules', 'must be an object');
  if (typeof v.name !== 'string' || v.name === '') fail(where, 'name', 'must be a non-empty string');
  if (typeof v.description !== 'string') fail(where, 'description', 'must be a string');
  if (!isObj(v.deck)) fail(where, 'deck', 'must be an object with numbers, coloured and wild');
  if (!isObj(v.deck.numbers)) fail(where, 'deck.numbers', 'must be an object { "counts": [10 numbers] }');
  counts(where, 'deck.numbers.counts', v.deck.numbers.counts);
  kindCounts(where, 'deck.coloured', v.deck.coloured, ACTION_KINDS);
  kindCounts(where, 'deck.wild', v.deck.wild, WILD_KINDS);
  if (!isObj(v.points)) fail(where, 'points', 'must be an object with numbers and kinds');
  counts(where, 'points.numbers', v.points.numbers);
  kindCounts(where, 'points.kinds', v.points.kinds, ALL_KINDS.filter((k) => k !== 'number'));
  if (!isObj(v.start)) fail(where, 'start', 'must be an object of start actions by kind');
  for (const [k, a] of Object.entries(v.start)) {
    if (!ALL_KINDS.includes(k)) fail(where, `start.${k}`, `unknown card kind: known kinds are ${ALL_KINDS.join(', ')}`);
    if (!(START_ACTIONS as readonly unknown[]).includes(a)) fail(where, `start.${k}`, `must be one of ${START_ACTIONS.join(', ')}`);
  }
  if (v.profile !== null && typeof v.profile !== 'string') fail(where, 'profile', 'must be a launcher profile name or null');
  if (!isObj(v.options)) fail(where, 'options', 'must be an object');
  for (const k of Object.keys(v.options)) {
    if (!(k in BASE_OPTIONS)) fail(where, `options.${k}`, `unknown option: known options are ${Object.keys(BASE_OPTIONS).join(', ')}`);
  }
  for (const k of Object.keys(BASE_OPTIONS)) if (!(k in v.options)) fail(where, `options.${k}`, 'is missing');
  const problem = optionsProblem(v.options as unknown as Options);
  if (problem) throw new RulesError(`${where}: options.${problem}`);
  const rules = v as unknown as Rules;
  if (buildDeck(rules.deck).length === 0) fail(where, 'deck', 'holds no card');
  return rules;
}

/** Rules from a parsed rule file: its `base` (default `extreme`) with the sections it gives. */
export function rulesFromJson(v: unknown, file = 'rules.json'): Rules {
  if (!isObj(v)) fail(file, 'rules', 'must be a JSON object');
  const known = ['name', 'description', 'base', 'deck', 'points', 'start', 'profile', 'options'];
  for (const k of Object.keys(v)) if (!known.includes(k)) fail(file, k, `unknown field: known fields are ${known.join(', ')}`);
  if (v.base !== undefined && typeof v.base !== 'string') fail(file, 'base', 'must be a rule set name');
  let base: Rules;
  try {
    base = ruleSet((v.base as string | undefined) ?? DEFAULT_RULES);
  } catch (e) {
    fail(file, 'base', (e as Error).message);
  }
  const section = (name: string): Obj => {
    const s = v[name];
    if (s !== undefined && !isObj(s)) fail(file, name, 'must be an object');
    return (s as Obj | undefined) ?? {};
  };
  const deck = section('deck');
  const points = section('points');
  const merged = {
    name: v.name ?? `${base.name} (custom)`,
    description: v.description ?? base.description,
    deck: { numbers: deck.numbers ?? base.deck.numbers, coloured: deck.coloured ?? base.deck.coloured, wild: deck.wild ?? base.deck.wild },
    points: { numbers: points.numbers ?? base.points.numbers, kinds: points.kinds ?? base.points.kinds },
    start: v.start ?? base.start,
    profile: v.profile === undefined ? base.profile : v.profile,
    options: { ...base.options, ...section('options') },
  };
  for (const k of Object.keys(merged.deck.numbers as Obj)) if (k !== 'counts') fail(file, `deck.numbers.${k}`, 'unknown field: deck.numbers holds "counts"');
  return checkRules(merged, file);
}

/**
 * Reads the text of a rule file (`name` is how errors name it, a path in the CLI). Throws a
 * {@link RulesError} naming the file and the field.
 */
export function parseRulesText(text: string, name: string): Rules {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new RulesError(`${name}: is not JSON (${(e as Error).message})`);
  }
  return rulesFromJson(v, name);
}

/** Kinds a rule set's deck holds. */
export function deckKinds(rules: Rules): CardKind[] {
  const kinds: CardKind[] = rules.deck.numbers.counts.some((n) => n > 0) ? ['number'] : [];
  for (const k of ACTION_KINDS) if ((rules.deck.coloured[k] ?? 0) > 0) kinds.push(k);
  for (const k of WILD_KINDS) if ((rules.deck.wild[k] ?? 0) > 0) kinds.push(k);
  return kinds;
}
