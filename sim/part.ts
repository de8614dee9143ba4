/**
 * Shards of a simulation: `simulate --shard K/N` plays one contiguous range of the run's games
 * and writes a part file; `merge` checks that the parts are the N shards of one run and sums
 * them into the run's result. A part holds the aggregates themselves (integer counts, sums and
 * histograms, see sim/record.ts), never a derived float, so the merged figures are the ones a
 * single run of all the games prints, byte for byte.
 */
import { parseJsonText, terminalText } from '../lib/untrusted.ts';
import { createHash } from 'node:crypto';
import { emptySums, mergeSums, type Sums } from '../lib/stats.ts';
import { profileFromSpec } from '../emulator/profileFile.ts';
import { rulesFromSpec } from '../game/files.ts';
import { emptyAggregate, mergeAggregate, type Aggregate } from './record.ts';
import type { SimSettings } from './chunk.ts';
import type { SimResult } from './simulate.ts';

/** The `format` field every part file starts with. */
export const PART_FORMAT = 'uno-extreme simulation part';
/** The part layout this version writes and reads. */
export const PART_VERSION = 1;

/** What identifies a run: its settings (all but whether rows are kept) and the resolved rules and profiles. */
export type RunIdentity = Omit<SimSettings, 'csv'> & {
  /** SHA-256 of the resolved rules and profiles: two machines with different files of one name differ here. */
  contents: string;
};

/** One shard's part file. */
export interface Part {
  format: typeof PART_FORMAT;
  version: typeof PART_VERSION;
  run: RunIdentity;
  /** Shard `index` of `count` (from 0): games [start, end). */
  shard: { index: number; count: number; start: number; end: number };
  aggregates: Aggregate[];
  pairedTurns: Sums[];
  workers: number;
  seconds: number;
  peakMemoryMiB: number;
  /** The shard's CSV rows in game order, when it was asked to keep them (`--rows`). */
  rows?: string[];
}

/** A part file that cannot be used; the message names the file and what to do. */
export class PartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PartError';
  }
}

/** Games [start, end) of shard `index` of `count` in a run of `games`: contiguous, sizes differing by at most one. */
export function shardRange(games: number, index: number, count: number): [number, number] {
  return [Math.floor((index * games) / count), Math.floor(((index + 1) * games) / count)];
}

/** The identity of the run `s` describes (reads the rules and profile files it names). */
export function runIdentity(s: SimSettings): RunIdentity {
  const contents = createHash('sha256')
    .update(JSON.stringify([rulesFromSpec(s.rules), s.profiles.map((p) => profileFromSpec(p))]))
    .digest('hex');
  return { games: s.games, players: s.players, rules: s.rules, profiles: s.profiles, seed: s.seed, fidelity: s.fidelity, match: s.match, bots: s.bots, ...(s.botBudget ? { botBudget: s.botBudget } : {}), contents };
}

/** The part of shard `index` of `count` from its result (`rows`: its CSV rows, to keep them). */
export function makePart(r: SimResult, index: number, count: number, rows?: string[]): Part {
  return {
    format: PART_FORMAT, version: PART_VERSION, run: runIdentity(r.settings),
    shard: { index, count, start: r.range[0], end: r.range[1] },
    aggregates: r.aggregates, pairedTurns: r.pairedTurns,
    workers: r.workers, seconds: r.seconds, peakMemoryMiB: r.peakMemoryMiB,
    ...(rows ? { rows } : {}),
  };
}

const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
const isCounts = (x: unknown): boolean => Array.isArray(x) && x.every((v) => v === null || isCount(v));
const isSums = (x: unknown, signed = false): boolean => {
  const s = x as Sums;
  return typeof s === 'object' && s !== null && isCount(s.n) && (signed ? isInt(s.sum) : isCount(s.sum)) && isCount(s.sumSq);
};

/** The first thing wrong with an aggregate of `games` games at `players` seats, or null. */
function aggregateProblem(a: Aggregate, games: number, players: number): string | null {
  if (typeof a !== 'object' || a === null) return 'an aggregate is not an object';
  if (a.games !== games) return `an aggregate counts ${a.games} games, the shard has ${games}`;
  for (const k of ['turns', 'presses', 'reloads', 'jams', 'points', 'rounds'] as const)
    if (!isSums(a[k]) || a[k].n !== games) return `its ${k} sums are not ${games} games' integer sums`;
  for (const k of ['cardsPerPress', 'winsBySeat', 'handSum', 'handCount', 'turnsHist'] as const)
    if (!isCounts(a[k])) return `its ${k} is not a list of counts`;
  if (a.winsBySeat.length !== players || a.winsBySeat.reduce((t, w) => t + w, 0) !== games) return `its wins by seat are not ${games} wins at ${players} seats`;
  if (typeof a.winsByBot !== 'object' || a.winsByBot === null || !Object.values(a.winsByBot).every(isCount)) return 'its wins by bot are not counts';
  if (!isCount(a.violations) || !Array.isArray(a.violationExamples) || !a.violationExamples.every((v) => Array.isArray(v) && isCount(v[0]) && typeof v[1] === 'string'))
    return 'its invariant violations are unreadable';
  return null;
}

/**
 * Reads a part file's text. Throws a {@link PartError} naming `file` when it is not a complete
 * part of this version (cut short, edited, another program's JSON).
 */
export function parsePart(text: string, file: string): Part {
  const bad = (why: string) => new PartError(`${file} is not a usable simulation part (${why}): copy it again, or run its shard again`);
  let p: Part;
  try {
    p = parseJsonText(text) as Part;
  } catch (e) {
    throw bad(`not complete JSON: ${(e as Error).message}`);
  }
  if (typeof p !== 'object' || p === null || p.format !== PART_FORMAT) throw bad(`no "format": "${PART_FORMAT}"`);
  if (p.version !== PART_VERSION) throw new PartError(`${file} is a version ${String(p.version)} part; this uno-extreme reads version ${PART_VERSION}: merge with the version that wrote it`);
  const r = p.run;
  if (typeof r !== 'object' || r === null || !isCount(r.games) || r.games < 1 || !isCount(r.players) || typeof r.rules !== 'string' || !Array.isArray(r.profiles)
    || r.profiles.length < 1 || !r.profiles.every((x) => typeof x === 'string') || !isCount(r.seed) || typeof r.contents !== 'string'
    || !Array.isArray(r.bots) || r.bots.length < 1 || !r.bots.every((x) => typeof x === 'string') || typeof r.match !== 'boolean' || !['fast', 'machine'].includes(r.fidelity))
    throw bad('its run settings are incomplete');
  const sh = p.shard;
  if (typeof sh !== 'object' || sh === null || !isCount(sh.index) || !isCount(sh.count) || sh.index >= sh.count) throw bad('its shard number is unreadable');
  const [start, end] = shardRange(r.games, sh.index, sh.count);
  if (sh.start !== start || sh.end !== end) throw bad(`shard ${sh.index}/${sh.count} of ${r.games} games is games ${start}..${end - 1}, the file says ${sh.start}..${sh.end - 1}`);
  if (!Array.isArray(p.aggregates) || p.aggregates.length !== r.profiles.length) throw bad(`it needs one aggregate per profile (${r.profiles.length})`);
  for (const a of p.aggregates) {
    const why = aggregateProblem(a, end - start, r.players);
    if (why) throw bad(why);
  }
  if (!Array.isArray(p.pairedTurns) || p.pairedTurns.length !== r.profiles.length - 1 || !p.pairedTurns.every((s) => isSums(s, true) && s.n === end - start))
    throw bad('its paired differences of turns are unreadable');
  if (!isCount(p.workers) || typeof p.seconds !== 'number' || typeof p.peakMemoryMiB !== 'number') throw bad('its timing is unreadable');
  if (p.rows !== undefined) {
    const want = (end - start) * r.profiles.length;
    if (!Array.isArray(p.rows) || p.rows.length !== want) throw bad(`it should keep ${want} CSV rows`);
    for (let i = 0; i < p.rows.length; i++) {
      const game = start + Math.floor(i / r.profiles.length);
      if (typeof p.rows[i] !== 'string' || !p.rows[i].startsWith(`${game},`)) throw bad(`CSV row ${i} is not game ${game}'s`);
      // merge --csv - writes the rows as they are: none may hold what a terminal would obey.
      if (terminalText(p.rows[i]) !== p.rows[i]) throw bad(`CSV row ${i} holds a control character`);
    }
  }
  return p;
}

/** The first setting in which two runs differ, as words, or null when they are the same run. */
function runDifference(a: RunIdentity, b: RunIdentity): string | null {
  for (const k of ['seed', 'games', 'players', 'rules', 'profiles', 'fidelity', 'match', 'bots', 'botBudget'] as const) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    if (x !== y) return `${k === 'profiles' ? 'profile' : k === 'botBudget' ? 'bot budget' : k} ${y ?? 'default'} against ${x ?? 'default'}`;
  }
  if (a.contents !== b.contents) return 'the same rules and profile names with different contents (another rules or profile file)';
  return null;
}

/**
 * Merges the parts of one run into the run's result, as if one process had played every game.
 * Throws a {@link PartError} when they are not exactly the N shards of one run: parts of another
 * run, a shard missing or given twice. `rows` is the whole CSV in game order when every part kept
 * its rows, else null.
 */
export function mergeParts(parts: ReadonlyArray<{ file: string; part: Part }>): { result: SimResult; rows: string[] | null } {
  if (parts.length === 0) throw new PartError('no part files given: name every shard\'s part, e.g. `uno-extreme merge part-*.json`');
  const first = parts[0];
  const count = first.part.shard.count;
  const byShard = new Map<number, string>();
  for (const { file, part } of parts) {
    const diff = runDifference(first.part.run, part.run);
    if (diff) throw new PartError(`${file} is from another run than ${first.file}: ${diff}; merge only the parts of one run`);
    if (part.shard.count !== count) throw new PartError(`${file} is shard ${part.shard.index} of ${part.shard.count}, ${first.file} one of ${count}: merge the parts of one split`);
    const twice = byShard.get(part.shard.index);
    if (twice !== undefined) throw new PartError(`shard ${part.shard.index}/${count} is given twice (${twice} and ${file}): give each shard once`);
    byShard.set(part.shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, k) => k).filter((k) => !byShard.has(k));
  if (missing.length) {
    const list = missing.length > 10 ? `${missing.slice(0, 10).join(', ')}, … (${missing.length} in all)` : missing.join(', ');
    throw new PartError(`shard${missing.length > 1 ? 's' : ''} ${list} of ${count} ${missing.length > 1 ? 'are' : 'is'} missing: run \`simulate --shard ${missing[0]}/${count} --out …\`${missing.length > 1 ? ' and the others' : ''} with the run's settings, then merge every part`);
  }
  const ordered = [...parts].sort((x, y) => x.part.shard.index - y.part.shard.index);
  const run = first.part.run;
  const aggregates = run.profiles.map(() => emptyAggregate(run.players));
  const pairedTurns = run.profiles.slice(1).map(() => emptySums());
  const keepRows = ordered.every((p) => p.part.rows !== undefined);
  const rows: string[] = [];
  let seconds = 0;
  let workers = 0;
  let peak = 0;
  for (const { part } of ordered) {
    part.aggregates.forEach((a, j) => mergeAggregate(aggregates[j], a));
    part.pairedTurns.forEach((p, j) => mergeSums(pairedTurns[j], p));
    if (keepRows) for (const row of part.rows!) rows.push(row);
    seconds += part.seconds;
    workers += part.workers;
    peak = Math.max(peak, part.peakMemoryMiB);
  }
  const { contents: _c, ...settings } = run;
  return {
    // The time is the shards' total (what the games cost, whatever ran in parallel); the workers, all of theirs.
    result: { settings: { ...settings, csv: keepRows }, range: [0, run.games], aggregates, pairedTurns, workers, seconds, peakMemoryMiB: peak },
    rows: keepRows ? rows : null,
  };
}
