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
import { checkPartFields, PartFieldError } from './part-check.ts';
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
  let start: number;
  let end: number;
  let profiles: string[];
  try {
    ({ start, end, profiles } = checkPartFields(p as unknown as Record<string, unknown>, shardRange));
  } catch (e) {
    if (e instanceof PartFieldError) throw bad(e.message);
    throw e;
  }
  if (p.rows !== undefined) {
    const want = (end - start) * profiles.length;
    if (!Array.isArray(p.rows) || p.rows.length !== want) throw bad(`rows: must keep ${want} CSV rows`);
    for (let i = 0; i < p.rows.length; i++) {
      const game = start + Math.floor(i / profiles.length);
      if (typeof p.rows[i] !== 'string' || !p.rows[i].startsWith(`${game},`)) throw bad(`rows[${i}]: is not game ${game}'s CSV row`);
      // merge --csv - writes the rows as they are: none may hold what a terminal would obey.
      if (terminalText(p.rows[i]) !== p.rows[i]) throw bad(`rows[${i}]: holds a control character`);
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
