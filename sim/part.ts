/**
 * Shards of a simulation: `simulate --shard K/N` plays one contiguous range of the run's games
 * and writes a part file; `merge` checks that the parts are the N shards of one run and sums
 * them into the run's result. A part holds the aggregates themselves (integer counts, sums and
 * histograms, see sim/record.ts), never a derived float, so the merged figures are the ones a
 * single run of all the games prints, byte for byte.
 */
import { parseJsonText, terminalText } from '../lib/untrusted.ts';
import { english } from '../words/cli.ts';
import { said, saidOf, withSaid, type Said } from '../words/said.ts';
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
  /** The message as the command line's catalogue words it (`cli.part.*`), for the reader's language; `message` is its English. */
  declare readonly said: Said;
  constructor(s: Said) {
    super(english(s));
    this.name = 'PartError';
    withSaid(this, s);
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
  const bad = (why: string | Said) => new PartError(said('cli.part.unusable', { file, why }));
  let p: Part;
  try {
    p = parseJsonText(text) as Part;
  } catch (e) {
    throw bad(said('cli.part.notJson', { error: saidOf(e) ?? (e as Error).message }));
  }
  if (typeof p !== 'object' || p === null || p.format !== PART_FORMAT) throw bad(said('cli.part.noFormat', { format: PART_FORMAT }));
  if (p.version !== PART_VERSION) throw new PartError(said('cli.part.version', { file, version: String(p.version), ours: String(PART_VERSION) }));
  let start: number;
  let end: number;
  let profiles: string[];
  try {
    ({ start, end, profiles } = checkPartFields(p as unknown as Record<string, unknown>, shardRange));
  } catch (e) {
    if (e instanceof PartFieldError) throw bad(e.said);
    throw e;
  }
  if (p.rows !== undefined) {
    const want = (end - start) * profiles.length;
    if (!Array.isArray(p.rows) || p.rows.length !== want) throw bad(said('cli.part.rowsCount', { want: String(want) }));
    for (let i = 0; i < p.rows.length; i++) {
      const game = start + Math.floor(i / profiles.length);
      if (typeof p.rows[i] !== 'string' || !p.rows[i].startsWith(`${game},`)) throw bad(said('cli.part.rowNotGame', { i: String(i), game: String(game) }));
      // merge --csv - writes the rows as they are: none may hold what a terminal would obey.
      if (terminalText(p.rows[i]) !== p.rows[i]) throw bad(said('cli.part.rowControl', { i: String(i) }));
    }
  }
  return p;
}

/** The first setting in which two runs differ, as a message, or null when they are the same run. */
function runDifference(a: RunIdentity, b: RunIdentity): Said | null {
  for (const k of ['seed', 'games', 'players', 'rules', 'profiles', 'fidelity', 'match', 'bots', 'botBudget'] as const) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    // The setting by its option's name (--profile, --seed), the same in every language, but for the bots' budget.
    const setting = k === 'profiles' ? 'profile' : k === 'botBudget' ? said('cli.part.botBudget') : k;
    if (x !== y) return said('cli.part.diff', { setting, theirs: y ?? said('cli.part.default'), first: x ?? said('cli.part.default') });
  }
  if (a.contents !== b.contents) return said('cli.part.diffContents');
  return null;
}

/**
 * Merges the parts of one run into the run's result, as if one process had played every game.
 * Throws a {@link PartError} when they are not exactly the N shards of one run: parts of another
 * run, a shard missing or given twice. `rows` is the whole CSV in game order when every part kept
 * its rows, else null.
 */
export function mergeParts(parts: ReadonlyArray<{ file: string; part: Part }>): { result: SimResult; rows: string[] | null } {
  if (parts.length === 0) throw new PartError(said('cli.part.none'));
  const first = parts[0];
  const count = first.part.shard.count;
  const byShard = new Map<number, string>();
  for (const { file, part } of parts) {
    const diff = runDifference(first.part.run, part.run);
    if (diff) throw new PartError(said('cli.part.otherRun', { file, first: first.file, diff }));
    if (part.shard.count !== count) throw new PartError(said('cli.part.split', { file, index: String(part.shard.index), count: String(part.shard.count), first: first.file, firstCount: String(count) }));
    const twice = byShard.get(part.shard.index);
    if (twice !== undefined) throw new PartError(said('cli.part.twice', { index: String(part.shard.index), count: String(count), a: twice, b: file }));
    byShard.set(part.shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, k) => k).filter((k) => !byShard.has(k));
  if (missing.length) {
    const list = missing.length > 10 ? said('cli.part.missingMore', { list: missing.slice(0, 10).join(', '), n: String(missing.length) }) : missing.join(', ');
    throw new PartError(said('cli.part.missing', { n: missing.length, list, first: String(missing[0]), count: String(count) }));
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
