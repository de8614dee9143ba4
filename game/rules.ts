/**
 * Rule sets by name (see docs/rules.md) and the house-rule options. A resolved
 * {@link Rules} is plain data stored in every game state, so a state carries its own rules.
 */
import type { CardKind, DeckSpec, Points } from './cards.ts';
import { byName, unknownKey } from '../lib/untrusted.ts';
import { said, withSaid, type Said } from '../words/said.ts';

/** How the launcher is refilled from the discard pile. */
export type ReloadRule = 'when-empty' | { atDiscard: number };

/** How rounds are scored. */
export type Scoring = 'standard' | 'challenge' | 'lowest';

/** House rules and table choices; each rule set sets its defaults. */
export interface Options {
  /** +2 on +2 (Hit 2 on Hit 2) adds up; the first player who cannot stack takes the total. */
  stacking: boolean;
  /** With stacking, +2 and +4 (Hit 2 and Hit 4) stack on each other. */
  stackCross: boolean;
  /** A card identical to the top card may be played out of turn. */
  jumpIn: boolean;
  /** 7 swaps hands with a chosen player; 0 passes every hand on. */
  sevenZero: boolean;
  /** Two identical number cards may be played together, skipping the next player. */
  twoIdentical: boolean;
  /** Cards dealt to each player, 1..15. */
  handSize: number;
  /** A player left with one card must call UNO. */
  unoCall: boolean;
  /**
   * Who names the colour after a Hit-Fire: the victim who pressed, the player who played it, or
   * `next`, the seat that plays after the victim (seed 000: « le joueur d'après »).
   */
  hitFireColour: 'victim' | 'player' | 'next';
  /** The player of an All-Hit presses too. */
  allHitIncludesPlayer: boolean;
  /** When the launcher is refilled from the discard pile. */
  reload: ReloadRule;
  /** Points that end the match. */
  target: number;
  /** Partners sit across (4, 6 or 8 players). */
  teams: boolean;
  scoring: Scoring;
  /** Draws are presses of the launcher (false: a face-down draw pile). */
  launcher: boolean;
  /** The victim of a +4 may challenge it (the +4 is legal only without a card of the current colour). */
  challengeWild4: boolean;
  // The seeds' other readings (READINGS, docs/rules.md): absent means off. They are left out of
  // a rule set that does not turn them on, so its rules, and every state and save that carries
  // them, are written as they were before these options existed.
  /** Play goes on with the second player after a Coup Extrême's attacker (seed 003's parenthesis read literally). */
  coupExtremeSkips?: boolean;
  /** With stacking, +2s (Hit 2s) stack and +4s (Hit 4s) do not (seed 004). */
  stackTwosOnly?: boolean;
  /** With `sevenZero`, the player may keep the hands as they are instead of swapping (seed 000: « Ce n'est pas obligatoire »). */
  sevenZeroOptional?: boolean;
  /** With `sevenZero`, seed 000's second version: 0 swaps with a chosen player, 7 passes every hand the way the player picks. */
  zeroSwaps?: boolean;
  /** A challenged +4 found illegal goes back into the hand of the player who played it (seed 000: « la reprend »). */
  wild4TakenBack?: boolean;
  /** Every round's dealer is drawn, as the first one is (seed 002), instead of the deal passing left. */
  drawDealer?: boolean;
}

/** The options that are absent unless on ({@link Options}: the seeds' other readings). */
export const READINGS = ['coupExtremeSkips', 'stackTwosOnly', 'sevenZeroOptional', 'zeroSwaps', 'wild4TakenBack', 'drawDealer'] as const;

/** One of {@link READINGS}. */
export type Reading = (typeof READINGS)[number];

/**
 * The options a table picks in the New game form and a room's host form (web/src/houseRules.tsx),
 * which a room accepts: the house rules and the seeds' other readings. The others come with the
 * rule set (deck, launcher, scoring) or have fields of their own (target, hand size).
 */
export const HOUSE_OPTIONS = [
  'stacking', 'stackCross', 'jumpIn', 'sevenZero', 'twoIdentical', 'unoCall', 'challengeWild4', 'allHitIncludesPlayer', 'hitFireColour', ...READINGS,
] as const satisfies readonly (keyof Options)[];

/** One of {@link HOUSE_OPTIONS}. */
export type HouseOption = (typeof HOUSE_OPTIONS)[number];

/** `options` without the readings that are off: an option turned off is written as one never turned on. */
export function withoutOffReadings<O extends Partial<Options>>(options: O): O {
  const off = (o: Partial<Options>, k: Reading) => k in o && (o[k] === false || o[k] === undefined);
  if (!READINGS.some((k) => off(options, k))) return options;
  const out = { ...options };
  for (const k of READINGS) if (off(out, k)) delete out[k];
  return out;
}

/**
 * What happens when a card starts the discard pile: `play` the player left of the dealer plays
 * on it; `redraw` it goes back into the deck and another is turned; `reverse` the dealer starts
 * and play goes right; `asDealer` its effect applies as if the dealer had played it (a wild's
 * colour named by the player left of the dealer); `wild` the player left of the dealer names
 * the colour and plays first; `dealerColour` the dealer names the colour, nothing else happens,
 * and the player left of the dealer plays first.
 */
export const START_ACTIONS = ['play', 'redraw', 'reverse', 'asDealer', 'wild', 'dealerColour'] as const;

/** One of {@link START_ACTIONS}. */
export type StartAction = (typeof START_ACTIONS)[number];

/** A complete rule set: deck, points, start-card table, launcher profile and options. */
export interface Rules {
  name: string;
  description: string;
  deck: DeckSpec;
  points: Points;
  /** Start-card table; kinds not listed: `play` for coloured cards, `wild` for wilds. */
  start: Partial<Record<CardKind, StartAction>>;
  /** Launcher profile that matches this edition, or null without a launcher. */
  profile: string | null;
  options: Options;
}

const FACE = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const NO_ZERO = [0, 2, 2, 2, 2, 2, 2, 2, 2, 2];
const ONE_ZERO = [1, 2, 2, 2, 2, 2, 2, 2, 2, 2];

/** Options every rule set starts from. */
export const BASE_OPTIONS: Readonly<Options> = Object.freeze({
  stacking: false, stackCross: false, jumpIn: false, sevenZero: false, twoIdentical: false, handSize: 7,
  unoCall: true, hitFireColour: 'victim', allHitIncludesPlayer: true, reload: 'when-empty', target: 500,
  teams: false, scoring: 'standard', launcher: true, challengeWild4: false,
});

/** Every option's name: those every rule set sets ({@link BASE_OPTIONS}), then {@link READINGS}. */
export const OPTION_NAMES: readonly (keyof Options)[] = [...(Object.keys(BASE_OPTIONS) as (keyof Options)[]), ...READINGS];

const ATTACK_START = { reverse: 'reverse', skip: 'asDealer', hit2: 'asDealer', discardAll: 'play' } as const;
/** The wilds and the points the two UNO Attack decks (extreme-fr, attack-1999) share. */
const ATTACK_WILDS = { wild: 4, allHit: 2, hitFire: 2 };
const ATTACK_POINTS = { reverse: 20, skip: 20, hit2: 20, tradeHands: 30, wild: 50, allHit: 50, hitFire: 50 };
const ATTACK_WILD_START = { tradeHands: 'redraw', wild: 'wild', allHit: 'asDealer', hitFire: 'asDealer' } as const;

const EXTREME: Rules = {
  name: 'extreme',
  description: 'Seed 003 "Uno Extrême": 108 cards, Hit 2, Discard All, Coup Extrême, a launcher.',
  deck: { numbers: { counts: NO_ZERO }, coloured: { reverse: 2, skip: 2, hit2: 2, discardAll: 1 }, wild: { wild: 4, coupExtreme: 4 } },
  points: { numbers: FACE, kinds: { reverse: 20, skip: 20, hit2: 20, discardAll: 30, wild: 50, coupExtreme: 50 } },
  start: { ...ATTACK_START, wild: 'wild', coupExtreme: 'wild' },
  profile: 'seed-0-8',
  options: { ...BASE_OPTIONS },
};

const EXTREME_FR: Rules = {
  name: 'extreme-fr',
  description: 'Seed 000 "Uno extreme": 112 cards, Hit 2, Trade Hands, Show Hands, All-Hit, Hit-Fire.',
  deck: {
    numbers: { counts: NO_ZERO },
    coloured: { reverse: 2, skip: 2, hit2: 2, tradeHands: 1, showHands: 1 },
    wild: ATTACK_WILDS,
  },
  points: { numbers: FACE, kinds: { ...ATTACK_POINTS, showHands: 30 } },
  // Trade Hands and Show Hands as start cards: the seed is silent; ruling as attack-1999.
  start: { ...ATTACK_START, ...ATTACK_WILD_START, showHands: 'play' },
  profile: 'seed-0-8',
  options: { ...BASE_OPTIONS, hitFireColour: 'victim', allHitIncludesPlayer: true },
};

const ATTACK_1999: Rules = {
  name: 'attack-1999',
  description: 'The original UNO Attack deck: 112 cards with Discard All, Trade Hands, All-Hit, Hit-Fire.',
  deck: {
    numbers: { counts: NO_ZERO },
    coloured: { reverse: 2, skip: 2, hit2: 2, discardAll: 1, tradeHands: 1 },
    wild: ATTACK_WILDS,
  },
  points: { numbers: FACE, kinds: { ...ATTACK_POINTS, discardAll: 30 } },
  start: { ...ATTACK_START, ...ATTACK_WILD_START },
  profile: 'attack-1999-pattern',
  options: { ...BASE_OPTIONS, hitFireColour: 'player', allHitIncludesPlayer: false },
};

const EXTREME_2010: Rules = {
  name: 'extreme-2010',
  description: 'The UK "UNO Extreme!" deck: 112 cards with Discard All ×8, Wild Extreme Hit, Hit 4, Customizable.',
  deck: {
    numbers: { counts: NO_ZERO },
    coloured: { reverse: 1, skip: 2, discardAll: 2, hit2: 2 },
    wild: { wild: 4, coupExtreme: 4, customizable: 3, hit4: 1 },
  },
  points: {
    numbers: FACE,
    kinds: { reverse: 20, skip: 20, hit2: 20, discardAll: 30, wild: 50, coupExtreme: 50, customizable: 50, hit4: 40 },
  },
  start: { ...ATTACK_START, wild: 'wild', coupExtreme: 'wild', customizable: 'wild', hit4: 'asDealer' },
  profile: 'extreme-2010-measured',
  options: { ...BASE_OPTIONS },
};

const CLASSIC_START = { wild4: 'redraw', wild: 'wild', draw2: 'asDealer', reverse: 'reverse', skip: 'asDealer' } as const;

const CLASSIC: Rules = {
  name: 'classic',
  description: 'Mattel UNO: 108 cards, a face-down draw pile, +2, +4 with challenge.',
  deck: { numbers: { counts: ONE_ZERO }, coloured: { draw2: 2, reverse: 2, skip: 2 }, wild: { wild: 4, wild4: 4 } },
  points: { numbers: FACE, kinds: { draw2: 20, reverse: 20, skip: 20, wild: 50, wild4: 50 } },
  start: CLASSIC_START,
  profile: null,
  options: { ...BASE_OPTIONS, launcher: false, challengeWild4: true },
};

/**
 * Seed 002 on a Joker or a +4 start card: "le donneur choisira alors la couleur de départ". Ruling
 * (docs/rules.md): a +4 start does nothing else, as the seed gives it no draw; left of the dealer starts.
 */
const EN_LIGNE_START = { ...CLASSIC_START, wild: 'dealerColour', wild4: 'dealerColour' } as const;

const EN_LIGNE: Rules = {
  name: 'en-ligne',
  description: 'Seed 002 uno-en-ligne.com: 116 cards in play (the 4 "UNO" cards are removed), Play Again, no UNO call.',
  deck: { numbers: { counts: ONE_ZERO }, coloured: { draw2: 2, reverse: 2, skip: 2, playAgain: 2 }, wild: { wild: 4, wild4: 4 } },
  points: { numbers: FACE, kinds: { draw2: 20, reverse: 20, skip: 20, playAgain: 20, wild: 50, wild4: 50 } },
  start: EN_LIGNE_START,
  profile: null,
  options: { ...BASE_OPTIONS, launcher: false, unoCall: false, challengeWild4: false, drawDealer: true },
};

/** The shipped rule sets by name. */
export const RULE_SETS: Readonly<Record<string, Rules>> = Object.freeze({
  extreme: EXTREME,
  'extreme-fr': EXTREME_FR,
  'attack-1999': ATTACK_1999,
  'extreme-2010': EXTREME_2010,
  classic: CLASSIC,
  'en-ligne': EN_LIGNE,
});

/** The rule set used when none is named. */
export const DEFAULT_RULES = 'extreme';

/** A rule set name, or an error listing the known ones. */
export function ruleSet(name: string): Rules {
  const r = byName(RULE_SETS, name);
  if (!r) {
    // Worded here as the catalogue's reason.rules.unknown words it (the page bundles this file, not the command line's words).
    const known = Object.keys(RULE_SETS).join(', ');
    throw withSaid(new RulesError(`unknown rule set "${name}": known rule sets are ${known}`), said('reason.rules.unknown', { name, known }));
  }
  return r;
}

/** The rules a setup names (a rule set's name or complete rules), with `options` applied and checked. */
export function resolveRules(rules: string | Rules = DEFAULT_RULES, options?: Partial<Options>): Rules {
  return withOptions(typeof rules === 'string' ? ruleSet(rules) : rules, options);
}

/** A rule set, a rule file or options that cannot be used; the message names the field. */
export class RulesError extends Error {
  override name = 'RulesError';
}

/** The rules with some options changed, checked (throws {@link RulesError} naming the option). */
export function withOptions(rules: Rules, overrides?: Partial<Options>, where = 'options'): Rules {
  // Options come from files, positions and flags: a misspelt one is refused, not ignored.
  // No override (every simulated game): the rules themselves, checked, not a copy of them. Rules
  // are never changed once made, so sharing them is safe, and rules checked once need no check
  // again.
  const none = overrides === undefined || Object.keys(overrides).length === 0;
  if (none && checked.has(rules)) return rules;
  const options = none ? rules.options : withoutOffReadings({ ...rules.options, ...overrides });
  if (!none) {
    const unknown = unknownKey(overrides, OPTION_NAMES, 'option');
    if (unknown) throw withSaid(new RulesError(`${where}: ${unknown.message}`), said('reason.named', { file: where, why: unknown.said }));
  }
  const problem = optionsProblem(options);
  if (problem) throw withSaid(new RulesError(`${where}.${problem.field}: ${problem.what}`), said('reason.options.field', { where, field: problem.field, why: problem.why }));
  if (!none) return { ...rules, options };
  checked.add(rules);
  return rules;
}

/** Rules whose options {@link withOptions} found sound (as they were given: rules are not changed once made). */
const checked = new WeakSet<Rules>();

/**
 * What is wrong with an option: its `field`, `what` in English (the page bundles this file, not
 * the command line's words, so the English is written here as the catalogue's `why` words it;
 * test/words/rule-file-words.test.ts holds the two the same) and `why`, which the program words
 * in its reader's language.
 */
export interface OptionProblem {
  readonly field: string;
  readonly what: string;
  readonly why: Said;
}

/** The first problem of a set of options, or null. */
export function optionsProblem(o: Options): OptionProblem | null {
  const whole = (field: string, max: number): OptionProblem => ({ field, what: `must be a whole number from 1 to ${max}`, why: said('reason.options.whole', { max: String(max) }) });
  const oneOf = (field: string, choices: readonly string[]): OptionProblem => {
    const quoted = choices.map((c) => `"${c}"`);
    return { field, what: `must be ${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`, why: said('reason.options.oneOf', { choices: { or: quoted } }) };
  };
  const boolean = (field: string): OptionProblem => ({ field, what: 'must be true or false', why: said('reason.rules.boolean') });
  if (!Number.isInteger(o.handSize) || o.handSize < 1 || o.handSize > 15) return whole('handSize', 15);
  // A match to a larger target would never end in any time worth waiting.
  if (!Number.isInteger(o.target) || o.target < 1 || o.target > 1_000_000) return whole('target', 1_000_000);
  if (o.hitFireColour !== 'victim' && o.hitFireColour !== 'player' && o.hitFireColour !== 'next') return oneOf('hitFireColour', ['victim', 'player', 'next']);
  if (!['standard', 'challenge', 'lowest'].includes(o.scoring)) return oneOf('scoring', ['standard', 'challenge', 'lowest']);
  if (o.reload !== 'when-empty') {
    const n = typeof o.reload === 'object' && o.reload !== null ? o.reload.atDiscard : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 1000)
      return { field: 'reload', what: 'must be "when-empty" or { "atDiscard": N } with N a whole number from 1 to 1000', why: said('reason.options.reload', { open: '{', close: '}' }) };
  }
  for (const k of ['stacking', 'stackCross', 'jumpIn', 'sevenZero', 'twoIdentical', 'unoCall', 'allHitIncludesPlayer', 'teams', 'launcher', 'challengeWild4'] as const)
    if (typeof o[k] !== 'boolean') return boolean(k);
  for (const k of READINGS) if (o[k] !== undefined && typeof o[k] !== 'boolean') return boolean(k);
  if (o.stackTwosOnly && o.stackCross)
    return { field: 'stackTwosOnly', what: '+4s do not stack with it, so +2 and +4 cannot stack on each other (stackCross)', why: said('reason.options.stackTwosOnly') };
  if (o.teams && o.scoring !== 'standard') return { field: 'teams', what: 'partners play only with standard scoring', why: said('reason.options.teams') };
  return null;
}
