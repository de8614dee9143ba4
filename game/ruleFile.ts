/**
 * Custom rule sets and decks from JSON: a file names a `base` rule set and replaces the sections
 * it gives (`deck.numbers`, `deck.coloured`, `deck.wild`, `points.numbers`, `points.kinds`,
 * `start`) and the options it lists. Every error names the file and the field.
 */
import { parseJsonText, printable, unknownKey } from '../lib/untrusted.ts';
import { said, saidOf, withSaid, type Said } from '../words/said.ts';
import { ACTION_KINDS, buildDeck, card, WILD_KINDS, type CardKind } from './cards.ts';
import { BASE_OPTIONS, DEFAULT_RULES, OPTION_NAMES, optionsProblem, ruleSet, RulesError, START_ACTIONS, withoutOffReadings, type Options, type Rules } from './rules.ts';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * The most of one card (per colour for coloured ones) and the most cards in a deck: ten players
 * dealt fifteen cards each need 151; a deck far larger only makes every shuffle slow.
 */
export const MAX_CARD_COUNT = 100;
export const MAX_DECK = 1000;
/** The most points one card may be worth (scores stay exact integers far beyond a match). */
const MAX_POINTS = 10_000;
const isCount = (v: unknown, max = MAX_CARD_COUNT): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
const ALL_KINDS: readonly string[] = ['number', ...ACTION_KINDS, ...WILD_KINDS];

/**
 * Refuses `field` of `where`: `what` in English (the page bundles this file, not the command
 * line's words, so the English is written here as the catalogue's `why` words it; a test holds
 * the two the same), and `why`, which the program words in its reader's language.
 */
function fail(where: string, field: string, what: string, why: Said | string): never {
  throw withSaid(new RulesError(`${where}: ${field}: ${what}`), said('reason.rules.field', { file: where, field, why }));
}

function counts(where: string, field: string, v: unknown, max: number): number[] {
  if (!Array.isArray(v) || v.length !== 10) fail(where, field, 'must be a list of 10 whole numbers (faces 0 to 9)', said('reason.rules.tenCounts'));
  v.forEach((n, i) => isCount(n, max) || fail(where, `${field}[${i}]`, `must be a whole number from 0 to ${max}`, said('reason.rules.count', { max: String(max) })));
  return v as number[];
}

/** Refuses a key of `v` not in `known`, naming the nearest known one. */
function knownKeys(where: string, field: string, v: Obj, known: readonly string[]): void {
  const bad = unknownKey(v, known);
  if (bad) fail(where, field ? `${field}.${bad.key}` : bad.key, bad.message, bad.said);
}

function kindCounts(where: string, field: string, v: unknown, kinds: readonly string[], max: number): Record<string, number> {
  if (!isObj(v)) fail(where, field, `must be an object of counts by kind (${kinds.join(', ')})`, said('reason.rules.kindCounts', { kinds: kinds.join(', ') }));
  knownKeys(where, field, v, kinds);
  for (const [k, n] of Object.entries(v)) if (!isCount(n, max)) fail(where, `${field}.${k}`, `must be a whole number from 0 to ${max}`, said('reason.rules.count', { max: String(max) }));
  return v as Record<string, number>;
}

/**
 * Checks a complete rule set (every field present), as stored in a save file or built from a
 * rule file. Throws a {@link RulesError} naming `where` and the field.
 */
export function checkRules(v: unknown, where = 'rules'): Rules {
  if (!isObj(v)) fail(where, 'rules', 'must be an object', said('reason.rules.object'));
  knownKeys(where, '', v, ['name', 'description', 'deck', 'points', 'start', 'profile', 'options']);
  if (typeof v.name !== 'string' || printable(v.name).trim() === '') fail(where, 'name', 'must be a non-empty string', said('reason.rules.nonEmpty'));
  if (typeof v.description !== 'string') fail(where, 'description', 'must be a string', said('reason.rules.string'));
  if (!isObj(v.deck)) fail(where, 'deck', 'must be an object with numbers, coloured and wild', said('reason.rules.deck'));
  knownKeys(where, 'deck', v.deck, ['numbers', 'coloured', 'wild']);
  if (!isObj(v.deck.numbers)) fail(where, 'deck.numbers', 'must be an object { "counts": [10 numbers] }', said('reason.rules.numbers', { open: '{', close: '}' }));
  knownKeys(where, 'deck.numbers', v.deck.numbers, ['counts']);
  counts(where, 'deck.numbers.counts', v.deck.numbers.counts, MAX_CARD_COUNT);
  kindCounts(where, 'deck.coloured', v.deck.coloured, ACTION_KINDS, MAX_CARD_COUNT);
  kindCounts(where, 'deck.wild', v.deck.wild, WILD_KINDS, MAX_CARD_COUNT);
  if (!isObj(v.points)) fail(where, 'points', 'must be an object with numbers and kinds', said('reason.rules.points'));
  knownKeys(where, 'points', v.points, ['numbers', 'kinds']);
  counts(where, 'points.numbers', v.points.numbers, MAX_POINTS);
  kindCounts(where, 'points.kinds', v.points.kinds, ALL_KINDS.filter((k) => k !== 'number'), MAX_POINTS);
  if (!isObj(v.start)) fail(where, 'start', 'must be an object of start actions by kind', said('reason.rules.start'));
  knownKeys(where, 'start', v.start, ALL_KINDS);
  for (const [k, a] of Object.entries(v.start)) {
    if (!(START_ACTIONS as readonly unknown[]).includes(a)) fail(where, `start.${k}`, `must be one of ${START_ACTIONS.join(', ')}`, said('reason.rules.oneOf', { list: START_ACTIONS.join(', ') }));
  }
  if (v.profile !== null && typeof v.profile !== 'string') fail(where, 'profile', 'must be a launcher profile name or null', said('reason.rules.profile'));
  if (!isObj(v.options)) fail(where, 'options', 'must be an object', said('reason.rules.object'));
  knownKeys(where, 'options', v.options, OPTION_NAMES);
  // The seeds' other readings may be absent (off): a save made before they existed has none.
  for (const k of Object.keys(BASE_OPTIONS)) if (!(k in v.options)) fail(where, `options.${k}`, 'is missing', said('reason.rules.missing'));
  const problem = optionsProblem(v.options as unknown as Options);
  if (problem) fail(where, `options.${problem.field}`, problem.what, problem.why);
  const options = withoutOffReadings(v.options as unknown as Options);
  const rules = { ...v, name: printable(v.name), description: printable(v.description), options } as unknown as Rules;
  const deck = buildDeck(rules.deck);
  if (deck.length === 0) fail(where, 'deck', 'holds no card', said('reason.rules.noCard'));
  if (deck.length > MAX_DECK) fail(where, 'deck', `holds ${deck.length} cards: at most ${MAX_DECK}`, said('reason.rules.tooMany', { n: String(deck.length), max: String(MAX_DECK) }));
  // The dealer is the player who draws the highest number (other cards count 0): a deck whose
  // cards all count the same would have the players draw for ever.
  if (new Set(deck.map((id) => card(id).number ?? 0)).size < 2)
    fail(where, 'deck.numbers.counts', 'the dealer is whoever draws the highest number: the deck needs number cards of a face above 0 and other cards (another face, or action cards)', said('reason.rules.dealer'));
  return rules;
}

/** Rules from a parsed rule file: its `base` (default `extreme`) with the sections it gives. */
export function rulesFromJson(v: unknown, file = 'rules.json'): Rules {
  if (!isObj(v)) fail(file, 'rules', 'must be a JSON object', said('reason.rules.jsonObject'));
  knownKeys(file, '', v, ['name', 'description', 'base', 'deck', 'points', 'start', 'profile', 'options']);
  if (v.base !== undefined && typeof v.base !== 'string') fail(file, 'base', 'must be a rule set name', said('reason.rules.base'));
  let base: Rules;
  try {
    base = ruleSet((v.base as string | undefined) ?? DEFAULT_RULES);
  } catch (e) {
    fail(file, 'base', (e as Error).message, saidOf(e) ?? (e as Error).message);
  }
  const section = (name: string): Obj => {
    const s = v[name];
    if (s !== undefined && !isObj(s)) fail(file, name, 'must be an object', said('reason.rules.object'));
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
  knownKeys(file, 'deck', deck, ['numbers', 'coloured', 'wild']);
  knownKeys(file, 'points', points, ['numbers', 'kinds']);
  return checkRules(merged, file);
}

/**
 * Reads the text of a rule file (`name` is how errors name it, a path in the CLI). Throws a
 * {@link RulesError} naming the file and the field.
 */
export function parseRulesText(text: string, name: string): Rules {
  let v: unknown;
  try {
    v = parseJsonText(text);
  } catch (e) {
    throw withSaid(new RulesError(`${name}: ${(e as Error).message}`), said('reason.named', { file: name, why: saidOf(e) ?? (e as Error).message }));
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
