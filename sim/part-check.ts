/**
 * The checks a part file passes before `merge` uses it, field by field. A part's figures are sums
 * that must hold together (a histogram sums to the games, a sum of squares is at least the square
 * of the sum over the count, a game's turns lie in its histogram bin), so an edited or damaged
 * part is refused naming the first field that does not, instead of being merged into figures.
 */
import { isBotKind, budgetText, parseBudget } from '../game/bots/index.ts';
import { MAX_BURST } from '../emulator/profile.ts';
import { terminalText, unknownKey } from '../lib/untrusted.ts';
import { english } from '../words/cli.ts';
import { said, type Said } from '../words/said.ts';
import { TURN_BIN } from './record.ts';

/**
 * A field of a part that is wrong: where (`aggregates[0].turns.sum`) and what, as a message of the
 * command line's catalogue (`cli.part.field`, its reason `cli.part.check.*`), its `message` the English.
 */
export class PartFieldError extends Error {
  readonly said: Said;
  constructor(readonly field: string, why: Said) {
    const s = said('cli.part.field', { field, why });
    super(english(s));
    this.name = 'PartFieldError';
    this.said = s;
  }
}

type Obj = Record<string, unknown>;

const fail = (field: string, why: Said): never => {
  throw new PartFieldError(field, why);
};
/** A reason of `cli.part.check.*`, its numbers given as they are written (no digit grouping). */
const why = (key: string, values: Record<string, string | number | Said> = {}): Said =>
  said(`cli.part.check.${key}` as Said['key'], Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v])));
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

/** `v` as an object with only the `known` keys, or the error naming `field`. */
function object(v: unknown, field: string, known: readonly string[]): Obj {
  if (!isObj(v)) fail(field, said('reason.rules.object'));
  const bad = unknownKey(v as Obj, known);
  if (bad) fail(field ? `${field}.${bad.key}` : bad.key, bad.said);
  return v as Obj;
}

function count(v: unknown, field: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (!isCount(v) || v < min || v > max) fail(field, why('wholeRange', { min, max }));
  return v as number;
}

/** A string a table prints: not empty, nothing a terminal would obey. */
function text(v: unknown, field: string): string {
  if (typeof v !== 'string' || v === '' || v.length > 1000 || terminalText(v) !== v) fail(field, why('name'));
  return v as string;
}

/** A list of counts (a histogram), at most `max` long. */
function counts(v: unknown, field: string, max: number): number[] {
  if (!Array.isArray(v) || v.length > max) fail(field, why('counts', { max }));
  const list = v as unknown[];
  for (let i = 0; i < list.length; i++) if (!isCount(list[i])) fail(`${field}[${i}]`, why('whole', { from0: 'yes' }));
  return list as number[];
}

const sumOf = (xs: readonly number[]): number => xs.reduce((t, x) => t + x, 0);

/**
 * Sums of `games` samples: `n` is the games, and Σx² ≥ (Σx)²/n (Cauchy–Schwarz, in exact
 * integers); for samples that are counts, Σx ≥ 0 and Σx² ≥ Σx (x² ≥ x for whole x).
 */
function sums(v: unknown, field: string, games: number, signed = false): { sum: number; sumSq: number } {
  const s = object(v, field, ['n', 'sum', 'sumSq']);
  if (s.n !== games) fail(`${field}.n`, why('shardGames', { games }));
  if (signed ? !Number.isSafeInteger(s.sum) : !isCount(s.sum)) fail(`${field}.sum`, why('whole', { from0: signed ? 'no' : 'yes' }));
  const sum = s.sum as number;
  const sumSq = count(s.sumSq, `${field}.sumSq`);
  if (sumSq < Math.abs(sum) || BigInt(sumSq) * BigInt(games) < BigInt(sum) ** 2n) fail(`${field}.sumSq`, why('sumSq', { sumSq, games, sum }));
  return { sum, sumSq };
}

/** Checks one profile's aggregate of the games [start, end) of a run at `players` seats with `bots`. */
function aggregate(v: unknown, field: string, start: number, end: number, players: number, bots: readonly string[]): void {
  const a = object(v, field, ['games', 'turns', 'presses', 'reloads', 'jams', 'points', 'rounds', 'cardsPerPress', 'winsBySeat', 'winsByBot', 'calledRounds', 'handSum', 'handCount', 'turnsHist', 'violations', 'violationExamples']);
  const games = end - start;
  if (a.games !== games) fail(`${field}.games`, why('shardGames', { games }));
  const turns = sums(a.turns, `${field}.turns`, games);
  const presses = sums(a.presses, `${field}.presses`, games);
  for (const k of ['reloads', 'jams', 'points'] as const) sums(a[k], `${field}.${k}`, games);
  // A game is at least one round.
  if (sums(a.rounds, `${field}.rounds`, games).sum < games) fail(`${field}.rounds.sum`, why('atLeastGames', { games }));
  // A press gives 0 to MAX_BURST cards, and each press is counted once.
  const perPress = counts(a.cardsPerPress, `${field}.cardsPerPress`, MAX_BURST + 1);
  if (sumOf(perPress) !== presses.sum) fail(`${field}.cardsPerPress`, why('perPress', { n: sumOf(perPress), sum: presses.sum }));
  // Every game has a winner but a lone round called off (game/state.ts ROUND_MOVE_LIMIT); parts
  // written before rounds could be called off have no calledRounds.
  const called = a.calledRounds === undefined ? 0 : count(a.calledRounds, `${field}.calledRounds`);
  const winsOk = (wins: number): boolean => wins <= games && wins >= games - called;
  const seats = counts(a.winsBySeat, `${field}.winsBySeat`, players);
  if (seats.length !== players || !winsOk(sumOf(seats))) fail(`${field}.winsBySeat`, why('winsAtSeats', { games, players }));
  const byBot = object(a.winsByBot, `${field}.winsByBot`, bots);
  for (const [k, n] of Object.entries(byBot)) count(n, `${field}.winsByBot.${k}`);
  if (sumOf(Object.values(byBot) as number[]) !== sumOf(seats)) fail(`${field}.winsByBot`, why('winsBySeat', { wins: sumOf(seats) }));
  // handCount[i] is the games that reached tracked turn i: at most the games, never rising.
  const handCount = counts(a.handCount, `${field}.handCount`, Number.MAX_SAFE_INTEGER);
  const handSum = counts(a.handSum, `${field}.handSum`, handCount.length);
  if (handSum.length !== handCount.length) fail(`${field}.handSum`, why('sumPerCount', { n: handCount.length }));
  for (let i = 0; i < handCount.length; i++)
    if (handCount[i] > (i === 0 ? games : handCount[i - 1])) fail(`${field}.handCount[${i}]`, why('atMost', { first: i === 0 ? 'yes' : 'no', games }));
  // Each game's turns lie in its bin [b·TURN_BIN, b·TURN_BIN + TURN_BIN - 1].
  const hist = counts(a.turnsHist, `${field}.turnsHist`, Number.MAX_SAFE_INTEGER);
  if (sumOf(hist) !== games) fail(`${field}.turnsHist`, why('histGames', { n: sumOf(hist), games }));
  let low = 0;
  let high = 0;
  hist.forEach((n, b) => ((low += n * b * TURN_BIN), (high += n * (b * TURN_BIN + TURN_BIN - 1))));
  if (turns.sum < low || turns.sum > high) fail(`${field}.turns.sum`, why('outside', { sum: turns.sum, low, high }));
  const violations = count(a.violations, `${field}.violations`);
  if (!Array.isArray(a.violationExamples) || a.violationExamples.length > Math.min(5, violations)) fail(`${field}.violationExamples`, why('examples', { n: Math.min(5, violations) }));
  (a.violationExamples as unknown[]).forEach((x, i) => {
    const ok = Array.isArray(x) && x.length === 2 && isCount(x[0]) && x[0] >= start && x[0] < end && typeof x[1] === 'string' && terminalText(x[1]) === x[1];
    if (!ok) fail(`${field}.violationExamples[${i}]`, why('example', { first: start, last: end - 1 }));
  });
}

/** The run settings of a part, checked: what identifies the run and what the other checks need. */
function run(v: unknown): { games: number; players: number; profiles: string[]; bots: string[] } {
  const r = object(v, 'run', ['games', 'players', 'rules', 'profiles', 'seed', 'fidelity', 'match', 'bots', 'botBudget', 'contents']);
  const games = count(r.games, 'run.games', 1, 1e8);
  const players = count(r.players, 'run.players', 2, 10);
  text(r.rules, 'run.rules');
  if (!Array.isArray(r.profiles) || r.profiles.length < 1 || r.profiles.length > 16) fail('run.profiles', why('profiles'));
  (r.profiles as unknown[]).forEach((p, i) => text(p, `run.profiles[${i}]`));
  count(r.seed, 'run.seed');
  if (r.fidelity !== 'fast' && r.fidelity !== 'machine') fail('run.fidelity', why('fidelity'));
  if (typeof r.match !== 'boolean') fail('run.match', said('reason.rules.boolean'));
  if (!Array.isArray(r.bots) || r.bots.length < 1 || r.bots.length > players || !r.bots.every(isBotKind)) fail('run.bots', why('bots', { players }));
  if (r.botBudget !== undefined) {
    const b = isObj(r.botBudget) ? parseBudget(budgetText(r.botBudget)) : { error: '' };
    if ('error' in b || JSON.stringify(b) !== JSON.stringify(r.botBudget)) fail('run.botBudget', why('budget', { open: '{', close: '}' }));
  }
  if (typeof r.contents !== 'string' || !/^[0-9a-f]{64}$/.test(r.contents)) fail('run.contents', why('sha'));
  return { games, players, profiles: r.profiles as string[], bots: r.bots as string[] };
}

/** The longest a shard's run can have taken, s: a year. */
const MOST_SECONDS = 366 * 24 * 3600;
/** The most memory a shard's run can have had at once, MiB: a pebibyte. */
const MOST_MEMORY_MIB = 2 ** 30;

/**
 * Checks every field of a part but its format, version and rows (parsePart reads those), given
 * the games [start, end) its shard covers. Throws a {@link PartFieldError} naming the field.
 */
export function checkPartFields(p: Obj, shardRange: (games: number, index: number, count: number) => [number, number]): { start: number; end: number; profiles: string[] } {
  object(p, '', ['format', 'version', 'run', 'shard', 'aggregates', 'pairedTurns', 'workers', 'seconds', 'peakMemoryMiB', 'rows']);
  const r = run(p.run);
  const sh = object(p.shard, 'shard', ['index', 'count', 'start', 'end']);
  const countN = count(sh.count, 'shard.count', 1, r.games);
  const index = count(sh.index, 'shard.index', 0, countN - 1);
  const [start, end] = shardRange(r.games, index, countN);
  if (sh.start !== start || sh.end !== end) fail('shard', why('shard', { index, count: countN, games: r.games, start, last: end - 1, fileStart: String(sh.start), fileLast: String(Number(sh.end) - 1) }));
  if (!Array.isArray(p.aggregates) || p.aggregates.length !== r.profiles.length) fail('aggregates', why('aggregates', { n: r.profiles.length }));
  (p.aggregates as unknown[]).forEach((a, j) => aggregate(a, `aggregates[${j}]`, start, end, r.players, r.bots));
  if (!Array.isArray(p.pairedTurns) || p.pairedTurns.length !== r.profiles.length - 1) fail('pairedTurns', why('paired', { n: r.profiles.length - 1 }));
  (p.pairedTurns as unknown[]).forEach((s, j) => sums(s, `pairedTurns[${j}]`, end - start, true));
  count(p.workers, 'workers', 1, 256);
  // A run's time and memory are printed and summed: a figure no machine could give is not a run's.
  for (const [k, most, unit] of [['seconds', MOST_SECONDS, 'yes'], ['peakMemoryMiB', MOST_MEMORY_MIB, 'no']] as const)
    if (typeof p[k] !== 'number' || !Number.isFinite(p[k]) || (p[k] as number) < 0 || (p[k] as number) > most) fail(k, why('number', { most, year: unit }));
  return { start, end, profiles: r.profiles };
}
