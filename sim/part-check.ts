/**
 * The checks a part file passes before `merge` uses it, field by field. A part's figures are sums
 * that must hold together (a histogram sums to the games, a sum of squares is at least the square
 * of the sum over the count, a game's turns lie in its histogram bin), so an edited or damaged
 * part is refused naming the first field that does not, instead of being merged into figures.
 */
import { isBotKind, budgetText, parseBudget } from '../game/bots/index.ts';
import { MAX_BURST } from '../emulator/profile.ts';
import { terminalText, unknownKey } from '../lib/untrusted.ts';
import { TURN_BIN } from './record.ts';

/** A field of a part that is wrong: where (`aggregates[0].turns.sum`) and what. */
export class PartFieldError extends Error {
  constructor(readonly field: string, what: string) {
    super(`${field}: ${what}`);
    this.name = 'PartFieldError';
  }
}

type Obj = Record<string, unknown>;

const fail = (field: string, what: string): never => {
  throw new PartFieldError(field, what);
};
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

/** `v` as an object with only the `known` keys, or the error naming `field`. */
function object(v: unknown, field: string, known: readonly string[]): Obj {
  if (!isObj(v)) fail(field, 'must be an object');
  const bad = unknownKey(v as Obj, known);
  if (bad) fail(field ? `${field}.${bad.key}` : bad.key, bad.message);
  return v as Obj;
}

function count(v: unknown, field: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (!isCount(v) || v < min || v > max) fail(field, `must be a whole number from ${min} to ${max}`);
  return v as number;
}

/** A string a table prints: not empty, nothing a terminal would obey. */
function text(v: unknown, field: string): string {
  if (typeof v !== 'string' || v === '' || v.length > 1000 || terminalText(v) !== v) fail(field, 'must be a name of 1 to 1000 printable characters');
  return v as string;
}

/** A list of counts (a histogram), at most `max` long. */
function counts(v: unknown, field: string, max: number): number[] {
  if (!Array.isArray(v) || v.length > max) fail(field, `must be a list of at most ${max} counts`);
  const list = v as unknown[];
  for (let i = 0; i < list.length; i++) if (!isCount(list[i])) fail(`${field}[${i}]`, 'must be a whole number from 0');
  return list as number[];
}

const sumOf = (xs: readonly number[]): number => xs.reduce((t, x) => t + x, 0);

/**
 * Sums of `games` samples: `n` is the games, and Σx² ≥ (Σx)²/n (Cauchy–Schwarz, in exact
 * integers); for samples that are counts, Σx ≥ 0 and Σx² ≥ Σx (x² ≥ x for whole x).
 */
function sums(v: unknown, field: string, games: number, signed = false): { sum: number; sumSq: number } {
  const s = object(v, field, ['n', 'sum', 'sumSq']);
  if (s.n !== games) fail(`${field}.n`, `must be the shard's ${games} games`);
  if (signed ? !Number.isSafeInteger(s.sum) : !isCount(s.sum)) fail(`${field}.sum`, `must be a whole number${signed ? '' : ' from 0'}`);
  const sum = s.sum as number;
  const sumSq = count(s.sumSq, `${field}.sumSq`);
  if (sumSq < Math.abs(sum) || BigInt(sumSq) * BigInt(games) < BigInt(sum) ** 2n) fail(`${field}.sumSq`, `${sumSq} cannot be the sum of squares of ${games} whole numbers summing to ${sum}`);
  return { sum, sumSq };
}

/** Checks one profile's aggregate of the games [start, end) of a run at `players` seats with `bots`. */
function aggregate(v: unknown, field: string, start: number, end: number, players: number, bots: readonly string[]): void {
  const a = object(v, field, ['games', 'turns', 'presses', 'reloads', 'jams', 'points', 'rounds', 'cardsPerPress', 'winsBySeat', 'winsByBot', 'calledRounds', 'handSum', 'handCount', 'turnsHist', 'violations', 'violationExamples']);
  const games = end - start;
  if (a.games !== games) fail(`${field}.games`, `must be the shard's ${games} games`);
  const turns = sums(a.turns, `${field}.turns`, games);
  const presses = sums(a.presses, `${field}.presses`, games);
  for (const k of ['reloads', 'jams', 'points'] as const) sums(a[k], `${field}.${k}`, games);
  // A game is at least one round.
  if (sums(a.rounds, `${field}.rounds`, games).sum < games) fail(`${field}.rounds.sum`, `must be at least the ${games} games`);
  // A press gives 0 to MAX_BURST cards, and each press is counted once.
  const perPress = counts(a.cardsPerPress, `${field}.cardsPerPress`, MAX_BURST + 1);
  if (sumOf(perPress) !== presses.sum) fail(`${field}.cardsPerPress`, `counts ${sumOf(perPress)} presses, presses.sum ${presses.sum}`);
  // Every game has a winner but a lone round called off (game/state.ts ROUND_MOVE_LIMIT); parts
  // written before rounds could be called off have no calledRounds.
  const called = a.calledRounds === undefined ? 0 : count(a.calledRounds, `${field}.calledRounds`);
  const winsOk = (wins: number): boolean => wins <= games && wins >= games - called;
  const seats = counts(a.winsBySeat, `${field}.winsBySeat`, players);
  if (seats.length !== players || !winsOk(sumOf(seats))) fail(`${field}.winsBySeat`, `must be ${games} wins at ${players} seats`);
  const byBot = object(a.winsByBot, `${field}.winsByBot`, bots);
  for (const [k, n] of Object.entries(byBot)) count(n, `${field}.winsByBot.${k}`);
  if (sumOf(Object.values(byBot) as number[]) !== sumOf(seats)) fail(`${field}.winsByBot`, `must be the ${sumOf(seats)} wins by seat`);
  // handCount[i] is the games that reached tracked turn i: at most the games, never rising.
  const handCount = counts(a.handCount, `${field}.handCount`, Number.MAX_SAFE_INTEGER);
  const handSum = counts(a.handSum, `${field}.handSum`, handCount.length);
  if (handSum.length !== handCount.length) fail(`${field}.handSum`, `must have one sum per handCount entry (${handCount.length})`);
  for (let i = 0; i < handCount.length; i++)
    if (handCount[i] > (i === 0 ? games : handCount[i - 1])) fail(`${field}.handCount[${i}]`, `must be at most ${i === 0 ? `the ${games} games` : 'the count before it'}`);
  // Each game's turns lie in its bin [b·TURN_BIN, b·TURN_BIN + TURN_BIN - 1].
  const hist = counts(a.turnsHist, `${field}.turnsHist`, Number.MAX_SAFE_INTEGER);
  if (sumOf(hist) !== games) fail(`${field}.turnsHist`, `counts ${sumOf(hist)} games, the shard has ${games}`);
  let low = 0;
  let high = 0;
  hist.forEach((n, b) => ((low += n * b * TURN_BIN), (high += n * (b * TURN_BIN + TURN_BIN - 1))));
  if (turns.sum < low || turns.sum > high) fail(`${field}.turns.sum`, `${turns.sum} is outside ${low}..${high}, what turnsHist allows`);
  const violations = count(a.violations, `${field}.violations`);
  if (!Array.isArray(a.violationExamples) || a.violationExamples.length > Math.min(5, violations)) fail(`${field}.violationExamples`, `must list at most ${Math.min(5, violations)} examples`);
  (a.violationExamples as unknown[]).forEach((x, i) => {
    const ok = Array.isArray(x) && x.length === 2 && isCount(x[0]) && x[0] >= start && x[0] < end && typeof x[1] === 'string' && terminalText(x[1]) === x[1];
    if (!ok) fail(`${field}.violationExamples[${i}]`, `must be [a game ${start}..${end - 1}, a line of printable text]`);
  });
}

/** The run settings of a part, checked: what identifies the run and what the other checks need. */
function run(v: unknown): { games: number; players: number; profiles: string[]; bots: string[] } {
  const r = object(v, 'run', ['games', 'players', 'rules', 'profiles', 'seed', 'fidelity', 'match', 'bots', 'botBudget', 'contents']);
  const games = count(r.games, 'run.games', 1, 1e8);
  const players = count(r.players, 'run.players', 2, 10);
  text(r.rules, 'run.rules');
  if (!Array.isArray(r.profiles) || r.profiles.length < 1 || r.profiles.length > 16) fail('run.profiles', 'must list 1 to 16 profiles');
  (r.profiles as unknown[]).forEach((p, i) => text(p, `run.profiles[${i}]`));
  count(r.seed, 'run.seed');
  if (r.fidelity !== 'fast' && r.fidelity !== 'machine') fail('run.fidelity', 'must be fast or machine');
  if (typeof r.match !== 'boolean') fail('run.match', 'must be true or false');
  if (!Array.isArray(r.bots) || r.bots.length < 1 || r.bots.length > players || !r.bots.every(isBotKind)) fail('run.bots', `must list 1 to ${players} bot kinds`);
  if (r.botBudget !== undefined) {
    const b = isObj(r.botBudget) ? parseBudget(budgetText(r.botBudget)) : { error: '' };
    if ('error' in b || JSON.stringify(b) !== JSON.stringify(r.botBudget)) fail('run.botBudget', 'must be { "playouts": N }, { "steps": N } or { "ms": N }');
  }
  if (typeof r.contents !== 'string' || !/^[0-9a-f]{64}$/.test(r.contents)) fail('run.contents', 'must be a SHA-256 in hex');
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
  if (sh.start !== start || sh.end !== end) fail('shard', `shard ${index}/${countN} of ${r.games} games is games ${start}..${end - 1}, the file says ${String(sh.start)}..${Number(sh.end) - 1}`);
  if (!Array.isArray(p.aggregates) || p.aggregates.length !== r.profiles.length) fail('aggregates', `must hold one aggregate per profile (${r.profiles.length})`);
  (p.aggregates as unknown[]).forEach((a, j) => aggregate(a, `aggregates[${j}]`, start, end, r.players, r.bots));
  if (!Array.isArray(p.pairedTurns) || p.pairedTurns.length !== r.profiles.length - 1) fail('pairedTurns', `must hold ${r.profiles.length - 1} paired sums`);
  (p.pairedTurns as unknown[]).forEach((s, j) => sums(s, `pairedTurns[${j}]`, end - start, true));
  count(p.workers, 'workers', 1, 256);
  // A run's time and memory are printed and summed: a figure no machine could give is not a run's.
  for (const [k, most, unit] of [['seconds', MOST_SECONDS, 's (a year)'], ['peakMemoryMiB', MOST_MEMORY_MIB, ' MiB (a PiB)']] as const)
    if (typeof p[k] !== 'number' || !Number.isFinite(p[k]) || (p[k] as number) < 0 || (p[k] as number) > most) fail(k, `must be a number from 0 to ${most}${unit}`);
  return { start, end, profiles: r.profiles };
}
