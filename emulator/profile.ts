/**
 * Launcher profiles: every number that makes one launcher differ from another (when it fires,
 * how many cards, how its roller behaves) as named, documented, plain data. A profile is
 * validated with errors that name the field, then compiled into tables the pure core samples.
 */
import type { Words } from '../words/catalogue.ts';
import { parseJsonText, printable, shown, terminalText, unknownKey } from '../lib/untrusted.ts';
import { said, saidOf, withSaid, type Said } from '../words/said.ts';
import { lawPmf, pmfCdf, pmfMean, type BurstLaw, type Pmf } from './laws.ts';

/** When a correct press fires. */
export type FireModel =
  /**
   * `hazard[k-1]` = P(fire at the k-th press since the last burst | no fire since). Past the
   * table's end the last entry applies (1 makes a burst certain by then).
   */
  | { model: 'hazard'; hazard: number[] }
  /** Fires on the listed press numbers (1-based) of a cycle of `period` presses. */
  | { model: 'schedule'; presses: number[]; period: number };

/** The roller and motor. Every field has a documented default ({@link DEFAULT_MECHANICS}). */
export interface Mechanics {
  /** Cards per second the roller feeds at the nominal 4.5 V. */
  feedRate: number;
  /** Motor spin-up before the first card can leave, ms. */
  spinUpMs: number;
  /** The reverse pulse that ends a burst and pulls a half-ejected card back, ms. */
  reverseMs: number;
  /** P(a feed attempt slips: the roller turns, no card moves). */
  slip: number;
  /** P(a feed attempt takes two cards at once). */
  doubleFeed: number;
  /** P(a feed attempt jams: the card sticks and the motor stalls). */
  jam: number;
  /** P(the reverse pulse fails and a half-ejected card is left for the presser). */
  halfOut: number;
  /** Feed attempts allowed per burst, as a multiple of its target (slips eat into them). */
  attemptsFactor: number;
  /** Presses closer together than this are contact bounce and ignored, ms. */
  debounceMs: number;
}

/**
 * Defaults for the mechanics. Nothing public measures them (docs/launcher.md): a feed rate of
 * 8 cards/s makes a 5-card burst last well under a second as on videos of the toy; slip, double
 * feed and jam are rare, as on a clean roller; the reverse pulse is the replica's ~100 ms.
 */
export const DEFAULT_MECHANICS: Mechanics = {
  feedRate: 8,
  spinUpMs: 120,
  reverseMs: 100,
  slip: 0.02,
  doubleFeed: 0.01,
  jam: 0.002,
  halfOut: 0.03,
  attemptsFactor: 2,
  debounceMs: 30,
};

/**
 * The ding of newer units, which pulse their lights and sound faster at each empty press until
 * the launcher fires (docs/launcher.md; nothing public gives a figure, so no shipped profile sets
 * it). The first press after a burst (or power-on) dings for `ms`; each press since then that gave
 * no card makes the next ding `faster` times shorter, never shorter than `shortestMs`.
 */
export interface DingPulse {
  ms: number;
  faster: number;
  shortestMs: number;
}

/** A profile as written by hand or in a JSON file. */
export interface ProfileSpec {
  name: string;
  /** Where the numbers come from (a measurement, a rule page, a choice and its reason). */
  source: string;
  description?: string;
  fire: FireModel;
  /** One law for every burst, or one per bucket: `byBucket[k-1]` for a burst at press k since the last. */
  burst: BurstLaw | { byBucket: BurstLaw[] };
  /** The press counter restarts when the lid is opened and closed (power-off always restarts it). */
  resetOnLidCycle?: boolean;
  mechanics?: Partial<Mechanics>;
  /** A ding that quickens at each empty press; without it every ding is the same. */
  dingPulse?: DingPulse;
}

/** A validated profile with its sampling tables. */
export interface Profile {
  spec: ProfileSpec;
  name: string;
  fire: FireModel;
  /** Burst-size table per bucket (index k-1); the last applies past the end. */
  burstPmf: Pmf[];
  burstCdf: number[][];
  /** Schedule positions as a set, for the schedule model. */
  schedule: Set<number> | null;
  resetOnLidCycle: boolean;
  mechanics: Mechanics;
  dingPulse: DingPulse | null;
}

/**
 * A profile that failed validation, naming the field: `reason` in English (the page bundles this
 * file, not the command line's words, so the English is written here as the catalogue's `why`
 * words it; test/words/profile-words.test.ts holds the two the same), and `why`, which the
 * program words in its reader's language (`reason.profile.field`, carried as the error's `said`).
 */
export class ProfileError extends Error {
  /** JSON path of the offending field, e.g. `fire.hazard[2]`. */
  readonly field: string;
  constructor(field: string, readonly reason: string, readonly why?: Said | string, readonly file?: string) {
    super(`${file ? `${file}: ` : ''}${field}: ${reason}`);
    this.name = 'ProfileError';
    this.field = field;
    // The two fields that are no JSON path are said in the reader's words too.
    const where = field === '(top level)' ? said('reason.profile.topLevel') : field === '(file)' ? said('reason.profile.file') : field;
    if (why !== undefined) withSaid(this, said('reason.profile.field', { file: file ?? '', inFile: file ? 'yes' : 'no', field: where, why }));
  }
}

/** What a field held, for a reason to quote: nothing, or its JSON (short, printable). */
const got = (v: unknown): string | Said => (v === undefined ? said('reason.profile.nothing') : shown(v));

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function num(v: unknown, field: string, min: number, max: number, integer = false): number {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new ProfileError(field, `must be a number, got ${shown(v)}`, said('reason.profile.number', { got: got(v) }));
  if (integer && !Number.isInteger(v)) throw new ProfileError(field, `must be a whole number, got ${v}`, said('reason.profile.whole', { got: String(v) }));
  if (v < min || v > max) throw new ProfileError(field, `must be between ${min} and ${max}, got ${v}`, said('reason.profile.between', { min: String(min), max: String(max), got: String(v) }));
  return v;
}

/** Refuses a key of `v` that is not in `known`, naming the nearest known one. */
function knownKeys(v: Obj, known: readonly string[], field: string): void {
  const bad = unknownKey(v, known);
  if (bad) throw new ProfileError(field ? `${field}.${bad.key}` : bad.key, bad.message, bad.said);
}

/** The most cards one burst can hold: a full launcher is about this many. */
export const MAX_BURST = 60;

/**
 * The most press ranks a profile may describe (hazards, per-bucket laws): a launcher that has not
 * fired after this many presses is described by the last entry.
 */
const MAX_RANKS = 1000;

/**
 * The largest histogram weight: weights are relative counts, and a sum of them must stay far from
 * overflow and keep every weight's share representable.
 */
const MAX_WEIGHT = 1e12;

/** A law checked field by field, whose probability table is then checked to be one. */
function validateLaw(v: unknown, field: string): BurstLaw {
  const law = lawOf(v, field);
  const pmf = lawPmf(law);
  const sum = pmf.reduce((a, b) => a + b, 0);
  if (!pmf.every((p) => Number.isFinite(p) && p >= 0) || Math.abs(sum - 1) > 1e-6)
    throw new ProfileError(field, 'gives no probability table: its mean is too far from min..max; move the mean or the bounds', said('reason.profile.noTable'));
  return law;
}

function lawOf(v: unknown, field: string): BurstLaw {
  if (!isObj(v)) throw new ProfileError(field, 'must be an object like {"law": "uniform", "min": 1, "max": 8}', said('reason.profile.objectLike', { example: '{"law": "uniform", "min": 1, "max": 8}' }));
  const MAX = MAX_BURST;
  switch (v.law) {
    case 'histogram': {
      knownKeys(v, ['law', 'weights'], field);
      if (!isObj(v.weights) || Object.keys(v.weights).length === 0)
        throw new ProfileError(`${field}.weights`, 'must be an object from card count to weight, e.g. {"1": 3, "2": 5}', said('reason.profile.weights', { example: '{"1": 3, "2": 5}' }));
      let total = 0;
      for (const [k, w] of Object.entries(v.weights)) {
        // A burst is a press that fires, and it gives at least one card: P(no cards) is the fire model's.
        if (!/^\d+$/.test(k) || Number(k) < 1 || Number(k) > MAX)
          throw new ProfileError(`${field}.weights`, `key "${terminalText(k.slice(0, 20))}" is not a card count 1..${MAX} (a press that gives no card is a press that does not fire: see fire)`,
            said('reason.profile.weightKey', { key: terminalText(k.slice(0, 20)), max: String(MAX) }));
        total += num(w, `${field}.weights.${k}`, 0, MAX_WEIGHT);
      }
      if (total <= 0) throw new ProfileError(`${field}.weights`, 'needs at least one positive weight', said('reason.profile.positiveWeight'));
      return { law: 'histogram', weights: v.weights as Record<string, number> };
    }
    case 'uniform':
    case 'maxent':
    case 'poisson': {
      knownKeys(v, v.law === 'uniform' ? ['law', 'min', 'max'] : ['law', 'min', 'max', 'mean'], field);
      const min = num(v.min, `${field}.min`, 1, MAX, true);
      const max = num(v.max, `${field}.max`, min, MAX, true);
      if (v.law === 'uniform') return { law: 'uniform', min, max };
      const mean = num(v.mean, `${field}.mean`, v.law === 'maxent' ? min : 0.01, v.law === 'maxent' ? max : MAX);
      if (v.law === 'maxent' && min < max && (mean === min || mean === max))
        throw new ProfileError(`${field}.mean`, `must lie strictly between min and max (${min}..${max})`, said('reason.profile.strictly', { min: String(min), max: String(max) }));
      return { law: v.law, min, max, mean };
    }
    default:
      throw new ProfileError(`${field}.law`, `must be one of histogram, uniform, maxent, poisson; got ${shown(v.law)}`, said('reason.profile.oneOfGot', { list: 'histogram, uniform, maxent, poisson', got: got(v.law) }));
  }
}

function validateDingPulse(v: unknown): DingPulse {
  if (!isObj(v)) throw new ProfileError('dingPulse', 'must be an object like {"ms": 150, "faster": 1.25, "shortestMs": 40}', said('reason.profile.objectLike', { example: '{"ms": 150, "faster": 1.25, "shortestMs": 40}' }));
  knownKeys(v, ['ms', 'faster', 'shortestMs'], 'dingPulse');
  const ms = num(v.ms, 'dingPulse.ms', 10, 5000, true);
  const faster = num(v.faster, 'dingPulse.faster', 1, 10);
  const shortestMs = num(v.shortestMs, 'dingPulse.shortestMs', 10, ms, true);
  return { ms, faster, shortestMs };
}

/**
 * How long the ding lasts after `sinceBurst` presses that gave no card ({@link DingPulse}), ms;
 * null for a profile whose every ding is the same.
 */
export function dingMs(p: Profile, sinceBurst: number): number | null {
  const d = p.dingPulse;
  return d === null ? null : Math.max(d.shortestMs, Math.round(d.ms / d.faster ** sinceBurst));
}

/**
 * The ding in a terminal's words: `♪ ding`, and for a quickening ding past its first, how quick it
 * is now. No default language: this module is in the page's launcher worker, which words nothing
 * and so carries no catalogue.
 */
export function dingWords(p: Profile, e: { ms?: number }, w: Words): string {
  return e.ms === undefined || p.dingPulse === null || e.ms >= p.dingPulse.ms ? w.t('ding.plain') : w.t('ding.quick', { ms: e.ms });
}

/** Validates untrusted data (a parsed JSON file) as a profile spec. */
export function validateProfileSpec(v: unknown, file?: string): ProfileSpec {
  try {
    if (!isObj(v)) throw new ProfileError('(top level)', 'a profile must be a JSON object', said('reason.profile.jsonObject'));
    knownKeys(v, ['name', 'source', 'description', 'fire', 'burst', 'resetOnLidCycle', 'mechanics', 'dingPulse'], '');
    if (typeof v.name !== 'string' || printable(v.name).trim() === '') throw new ProfileError('name', 'must be a non-empty string', said('reason.rules.nonEmpty'));
    if (typeof v.source !== 'string' || printable(v.source).trim() === '')
      throw new ProfileError('source', 'must say where the numbers come from (a measurement, a page, a choice)', said('reason.profile.source'));
    if (v.description !== undefined && typeof v.description !== 'string')
      throw new ProfileError('description', 'must be a string', said('reason.rules.string'));
    if (!isObj(v.fire))
      throw new ProfileError('fire', 'must be an object: {"model": "hazard", "hazard": [...]} or {"model": "schedule", ...}', said('reason.profile.fire', { hazard: '{"model": "hazard", "hazard": [...]}', schedule: '{"model": "schedule", ...}' }));
    let fire: FireModel;
    if (v.fire.model === 'hazard') {
      knownKeys(v.fire, ['model', 'hazard'], 'fire');
      if (!Array.isArray(v.fire.hazard) || v.fire.hazard.length === 0 || v.fire.hazard.length > MAX_RANKS)
        throw new ProfileError('fire.hazard', `must be an array of 1 to ${MAX_RANKS} probabilities`, said('reason.profile.arrayOf', { max: String(MAX_RANKS), laws: 'no' }));
      fire = { model: 'hazard', hazard: v.fire.hazard.map((h, i) => num(h, `fire.hazard[${i}]`, 0, 1)) };
      if (fire.hazard.every((h) => h === 0)) throw new ProfileError('fire.hazard', 'is all zeros: the launcher would never fire', said('reason.profile.allZeros'));
    } else if (v.fire.model === 'schedule') {
      knownKeys(v.fire, ['model', 'period', 'presses'], 'fire');
      const period = num(v.fire.period, 'fire.period', 1, 100000, true);
      if (!Array.isArray(v.fire.presses) || v.fire.presses.length === 0)
        throw new ProfileError('fire.presses', 'must be a non-empty array of press numbers', said('reason.profile.presses'));
      fire = {
        model: 'schedule',
        period,
        presses: v.fire.presses.map((p, i) => num(p, `fire.presses[${i}]`, 1, period, true)),
      };
    } else {
      throw new ProfileError('fire.model', `must be "hazard" or "schedule", got ${shown(v.fire.model)}`, said('reason.profile.model', { got: got(v.fire.model) }));
    }
    let burst: ProfileSpec['burst'];
    if (isObj(v.burst) && 'byBucket' in v.burst) {
      knownKeys(v.burst, ['byBucket'], 'burst');
      if (!Array.isArray(v.burst.byBucket) || v.burst.byBucket.length === 0 || v.burst.byBucket.length > MAX_RANKS)
        throw new ProfileError('burst.byBucket', `must be an array of 1 to ${MAX_RANKS} laws`, said('reason.profile.arrayOf', { max: String(MAX_RANKS), laws: 'yes' }));
      burst = { byBucket: v.burst.byBucket.map((l, i) => validateLaw(l, `burst.byBucket[${i}]`)) };
    } else burst = validateLaw(v.burst, 'burst');
    if (v.resetOnLidCycle !== undefined && typeof v.resetOnLidCycle !== 'boolean')
      throw new ProfileError('resetOnLidCycle', 'must be true or false', said('reason.rules.boolean'));
    const mechanics: Partial<Mechanics> = {};
    if (v.mechanics !== undefined) {
      if (!isObj(v.mechanics)) throw new ProfileError('mechanics', 'must be an object', said('reason.rules.object'));
      const ranges: Record<keyof Mechanics, [number, number]> = {
        feedRate: [0.1, 100], spinUpMs: [0, 5000], reverseMs: [0, 5000], slip: [0, 0.95],
        doubleFeed: [0, 1], jam: [0, 1], halfOut: [0, 1], attemptsFactor: [1, 20], debounceMs: [0, 1000],
      };
      knownKeys(v.mechanics, Object.keys(ranges), 'mechanics');
      for (const [k, val] of Object.entries(v.mechanics)) {
        const [lo, hi] = ranges[k as keyof Mechanics];
        mechanics[k as keyof Mechanics] = num(val, `mechanics.${k}`, lo, hi);
      }
      if ((mechanics.slip ?? 0) + (mechanics.doubleFeed ?? 0) + (mechanics.jam ?? 0) > 1)
        throw new ProfileError('mechanics', 'slip + doubleFeed + jam must not exceed 1', said('reason.profile.slipSum'));
    }
    const dingPulse = v.dingPulse === undefined ? undefined : validateDingPulse(v.dingPulse);
    return {
      name: printable(v.name),
      source: printable(v.source),
      ...(v.description !== undefined ? { description: printable(v.description as string) } : {}),
      fire,
      burst,
      ...(v.resetOnLidCycle !== undefined ? { resetOnLidCycle: v.resetOnLidCycle as boolean } : {}),
      ...(v.mechanics !== undefined ? { mechanics } : {}),
      ...(dingPulse ? { dingPulse } : {}),
    };
  } catch (e) {
    if (e instanceof ProfileError && file && !e.file) throw new ProfileError(e.field, e.reason, e.why, file);
    throw e;
  }
}

/** Compiles a (valid) spec into sampling tables. */
export function compileProfile(spec: ProfileSpec): Profile {
  const laws = 'byBucket' in spec.burst ? spec.burst.byBucket : [spec.burst];
  const burstPmf = laws.map(lawPmf);
  return {
    spec,
    name: spec.name,
    fire: spec.fire,
    burstPmf,
    burstCdf: burstPmf.map(pmfCdf),
    schedule: spec.fire.model === 'schedule' ? new Set(spec.fire.presses) : null,
    resetOnLidCycle: spec.resetOnLidCycle ?? false,
    mechanics: { ...DEFAULT_MECHANICS, ...spec.mechanics },
    dingPulse: spec.dingPulse ?? null,
  };
}

/** Expected cards per burst target, for a bucket (1-based). */
export function meanBurst(p: Profile, bucket = 1): number {
  return pmfMean(p.burstPmf[Math.min(bucket, p.burstPmf.length) - 1]);
}

/**
 * The least share of presses that must give a card for a user's profile to be played: below it a
 * round that waits for cards (a Hit Fire presses until some come out) would not end in any game
 * a person sits through.
 */
export const MIN_CARD_CHANCE = 1 / 1000;

/**
 * The long-run chance that a correct press fires: one burst per mean cycle of the hazard (the
 * last hazard repeating past the table: a cycle that ends in 0 may never fire again), or the
 * schedule's presses per period.
 */
export function fireChance(p: Profile): number {
  if (p.fire.model === 'schedule') return new Set(p.fire.presses).size / p.fire.period;
  const h = p.fire.hazard;
  // Mean presses per burst: the sum over k of P(no burst in the first k presses).
  let survive = 1;
  let mean = 0;
  for (const x of h) {
    mean += survive;
    survive *= 1 - x;
  }
  const last = h[h.length - 1];
  mean += survive === 0 ? 0 : last === 0 ? Infinity : survive / last;
  return 1 / mean;
}

/**
 * The chance that a burst gets a card out: the smallest burst of any bucket, whose attempts each
 * slip (another follows), jam (the burst ends) or feed a card; when every attempt slipped, a card
 * left half out by the reverse pulse counts too.
 */
export function burstGivesCard(p: Profile): number {
  let smallest = MAX_BURST;
  for (const pmf of p.burstPmf) smallest = Math.min(smallest, pmf.findIndex((x) => x > 0));
  const m = p.mechanics;
  const attempts = Math.max(1, Math.ceil(smallest * m.attemptsFactor));
  const allSlip = m.slip ** attempts;
  // Slip and jam that add up to 1 leave a rounding error, not a chance of a card.
  const card = 1 - m.slip - m.jam < 1e-12 ? 0 : 1 - m.slip - m.jam;
  return Math.min(1, (card * (1 - allSlip)) / (1 - m.slip) + allSlip * m.halfOut);
}

/** Refuses a profile that gives a card on fewer presses than {@link MIN_CARD_CHANCE}, saying why. */
function checkGivesCards(p: Profile, file: string): void {
  const fire = fireChance(p);
  const chance = fire * burstGivesCard(p);
  if (chance >= MIN_CARD_CHANCE) return;
  const once = 1 / chance;
  const about = once < 1e6 ? String(Math.round(once)) : once.toExponential(0);
  const how = chance === 0 ? 'would never give a card' : `would give a card once in about ${about} presses`;
  const field = fire < MIN_CARD_CHANCE ? 'fire' : 'mechanics';
  throw new ProfileError(field, `the launcher ${how}; a round that waits for cards needs one at least once in ${1 / MIN_CARD_CHANCE} presses`,
    said('reason.profile.fewCards', { never: chance === 0 ? 'yes' : 'no', about, least: String(1 / MIN_CARD_CHANCE) }), file);
}

/**
 * Reads the text of a profile JSON file (`file` is how errors name it). Errors say which field is
 * wrong; a text that is not JSON says where the syntax broke. A profile a person hands the program
 * must also give cards often enough for a round to end ({@link MIN_CARD_CHANCE}); the emulator's
 * own tests build launchers that jam every time on purpose, so the general validation allows them.
 */
export function parseProfileText(text: string, file: string): Profile {
  let data: unknown;
  try {
    data = parseJsonText(text);
  } catch (e) {
    throw new ProfileError('(file)', (e as Error).message, saidOf(e) ?? (e as Error).message, file);
  }
  const profile = compileProfile(validateProfileSpec(data, file));
  checkGivesCards(profile, file);
  return profile;
}
