/**
 * `uno-extreme simulate`: Monte Carlo runs of bot games against a launcher profile, on worker
 * threads, with a progress bar, a table, JSON, CSV, an HTML report, profile comparison, replay,
 * and shards of a run for `merge` (sim/part.ts).
 */
import { availableParallelism } from 'node:os';
import { isWideSeed } from '../lib/rng.ts';
import { profileFromSpec } from '../emulator/profileFile.ts';
import { rulesFromSpec, writeSave } from '../game/files.ts';
import { createMatch, ROUND_MOVE_LIMIT } from '../game/index.ts';
import { calledOffText } from '../table/words.ts';
import { loadLang } from '../words/catalogue.ts';
import { atomicWriteStream, checkOutputs, freeSavePath, writeErrorOf, writeFileAtomically, type AtomicStream } from '../lib/files.ts';
import { maxOf } from '../lib/stats.ts';
import { terminalLines } from '../lib/untrusted.ts';
import { CSV_HEADER } from '../sim/record.ts';
import type { SimSettings } from '../sim/chunk.ts';
import { playOne } from '../sim/play-one.ts';
import { simulate, type SimResult } from '../sim/simulate.ts';
import { figures, summaryJson } from '../sim/summary.ts';
import { reportHtml } from '../sim/report-html.ts';
import { violationSaid } from '../sim/violation.ts';
import { makePart, shardRange } from '../sim/part.ts';
import { botBudgetOption, botsOption, intOption, LANG_OPTION, langOption, rulesHelpValues, seedOption, UsageError, UserError, botBudgetValues, botKindsIn, type Command, type ParsedArgs } from './args.ts';
import { said, saidOf } from '../words/said.ts';
import { cliWordsIn, decimal, errorIn, numeral, percent, sayIn, type CliKey, type CliWords } from '../words/cli.ts';
import { progressBar } from './progress.ts';


/**
 * `values` as a line of at most `width` bars: consecutive values share a bar (their mean) when
 * there are more than fit, so a long histogram still shows its shape on one terminal line.
 */
export function spark(values: readonly number[], width: number): string {
  const ticks = '▁▂▃▄▅▆▇█';
  const bars = Math.max(1, Math.min(values.length, width));
  const means: number[] = [];
  for (let b = 0; b < bars; b++) {
    const from = Math.floor((b * values.length) / bars);
    const to = Math.floor(((b + 1) * values.length) / bars);
    let sum = 0;
    for (let i = from; i < to; i++) sum += values[i];
    means.push(to > from ? sum / (to - from) : 0);
  }
  const max = maxOf(means, 1e-9);
  return means.map((v) => ticks[Math.min(7, Math.floor((v / max) * 7.999))]).join('');
}

/** A labelled sparkline that fits the terminal's width (80 columns when output is not a terminal), its label `width` wide. */
function sparkLine(label: string, width: number, values: readonly number[], suffix: string): string {
  const bars = (process.stdout.columns || 80) - width - suffix.length;
  return `${label.padEnd(width)}${spark(values, Math.max(10, bars))}${suffix}`;
}

/** A kept invariant example in the words of `w` (as it is when it is not a form the simulation writes). */
function exampleIn(w: CliWords, text: string): string {
  const s = violationSaid(text);
  return typeof s === 'string' ? s : sayIn(w, s);
}

/** The run's figures as a table in the words of `w` (`--json` and the CSV are in no language). */
function table(r: SimResult, j: ReturnType<typeof summaryJson>, f: ReturnType<typeof figures>, w: CliWords): string {
  const s = r.settings;
  const pct = (x: number) => percent(w, x);
  const fixed = (d: number) => (x: number) => decimal(w, x, d);
  const p3 = (x: number) => numeral(w, x.toPrecision(3));
  const ci = (xs: readonly number[], fmt: (x: number) => string, sep = ' – ') => xs.map(fmt).join(sep);
  const figureRows: [CliKey, string, string][] = [
    ['cli.sim.turns', fixed(2)(f.turns.mean), ci(f.turns.ci95, fixed(2))],
    ['cli.sim.presses', fixed(2)(f.presses.mean), ci(f.presses.ci95, fixed(2))],
    ['cli.sim.reloads', fixed(3)(f.reloads.mean), ci(f.reloads.ci95, fixed(3))],
    ['cli.sim.points', fixed(1)(f.points.mean), ci(f.points.ci95, fixed(1))],
    ...(s.match ? [['cli.sim.rounds', fixed(2)(f.rounds.mean), ci(f.rounds.ci95, fixed(2))] as [CliKey, string, string]] : []),
    ['cli.sim.pNoCards', pct(f.pNoCards), ci(f.pNoCardsCi, pct)],
    ['cli.sim.cardsPerPress', fixed(3)(f.meanCardsPerPress), ''],
  ];
  // The label column as wide as the longest label and three spaces (19 in English), the means right-aligned after it.
  const labels = figureRows.map(([k]) => w.t(k));
  const wide = Math.max(19, ...labels.map((l) => l.length + 3));
  const lines = [
    w.t('cli.sim.head', { games: String(s.games), match: s.match ? 'yes' : 'no', players: String(s.players), rules: s.rules, profile: s.profiles[0], seed: String(s.seed), fidelity: s.fidelity, workers: String(r.workers) }),
    '',
    `${w.t('cli.sim.figure').padEnd(wide)}${w.t('cli.sim.mean').padStart(8)}      ${w.t('cli.sim.interval')}`,
    ...figureRows.map(([, mean, interval], i) => `${labels[i].padEnd(wide)}${mean.padStart(9)}${interval ? `   ${interval}` : ''}`),
    '',
  ];
  // The sparklines' labels as wide as the longest and two spaces (17 in English).
  const spark = { cards: w.t('cli.sim.cardsPerPress'), turns: w.t('cli.sim.turns'), hand: w.t('cli.sim.handOverTime') };
  const sparkWide = Math.max(17, ...Object.values(spark).map((l) => l.length + 2));
  const hist = r.aggregates[0].cardsPerPress;
  const total = hist.reduce((a, b) => a + (b ?? 0), 0);
  if (total > 0) {
    lines.push(sparkLine(spark.cards, sparkWide, hist.map((n) => n ?? 0), `  (0 … ${hist.length - 1})`));
    const maxN = maxOf(hist.map((n) => n ?? 0));
    hist.forEach((n, c) => lines.push(`  ${String(c).padStart(3)}  ${pct((n ?? 0) / total).padStart(7)}  ${'█'.repeat(Math.round((30 * (n ?? 0)) / maxN))}`));
    lines.push('');
  }
  lines.push(sparkLine(spark.turns, sparkWide, r.aggregates[0].turnsHist.map((n) => n ?? 0), `  (0 … ${r.aggregates[0].turnsHist.length * 5})`));
  lines.push(sparkLine(spark.hand, sparkWide, f.handOverTime.filter((_, i) => i % 5 === 0), `  ${w.t('cli.sim.handOverTimeNote')}`));
  // The seats' columns at least as wide as their headings (4, 5 and 7 in English).
  const head = { seat: w.t('cli.sim.seat'), wins: w.t('cli.sim.wins'), share: w.t('cli.sim.share') };
  const [c1, c2, c3] = [Math.max(4, head.seat.length), Math.max(5, head.wins.length), Math.max(7, head.share.length)];
  lines.push('', `${head.seat.padStart(c1)}  ${head.wins.padEnd(c2)} ${head.share.padStart(c3)}   ${w.t('cli.sim.interval')}`);
  f.winsBySeat.forEach((x, i) => lines.push(`${String(i).padStart(c1)}  ${String(x.wins).padStart(c2)}  ${pct(x.share).padStart(c3)}   ${ci(x.ci95, pct)}`));
  const seat = j.seatTest;
  lines.push(w.t('cli.sim.seatTest', { stat: fixed(2)(seat.statistic), df: String(seat.df), p: p3(seat.pValue), real: seat.pValue < 0.01 ? 'yes' : 'no' }));
  lines.push('', w.t('cli.sim.winsByBot', { list: Object.entries(f.winsByBot).map(([k, v]) => `${k} ${v} (${pct(v / r.aggregates[0].games)})`).join(', ') }));
  if (j.compare) {
    const c = { profile: w.t('cli.sim.compare.profile'), turns: w.t('cli.sim.compare.turns'), none: w.t('cli.sim.pNoCards'), cards: w.t('cli.sim.compare.cardsPerPress'), reloads: w.t('cli.sim.compare.reloads') };
    // The figures' columns at least as wide as their headings (10, 11 and 7 in English).
    const [k3, k4, k5] = [Math.max(10, c.none.length - 1), Math.max(11, c.cards.length), Math.max(7, c.reloads.length)];
    lines.push('', `${c.profile.padEnd(28)}${c.turns.padEnd(26)}${c.none}  ${c.cards}  ${c.reloads}   ${w.t('cli.sim.compare.vsFirst')}`);
    for (const p of j.compare.profiles) {
      const t = 'turnsVsFirst' in p ? p.turnsVsFirst : undefined;
      const d = t ? w.t('cli.sim.compare.diff', { d: `${t.meanDifference >= 0 ? '+' : ''}${fixed(2)(t.meanDifference)}`, p: p3(t.pairedT.pValue), real: t.pairedT.pValue < 0.01 ? 'yes' : 'no' }) : '—';
      lines.push(`${p.profile.padEnd(26)}  ${fixed(2)(p.meanTurns).padStart(7)} (${ci(p.meanTurnsCi95, fixed(1), '–')})  ${pct(p.pNoCards).padStart(k3)}  ${fixed(3)(p.meanCardsPerPress).padStart(k4)}  ${fixed(3)(p.reloadsPerGame).padStart(k5)}   ${d}`);
    }
    const h = j.compare.cardsPerPressHomogeneity;
    lines.push(w.t('cli.sim.compare.differ', { stat: fixed(1)(h.statistic), df: String(h.df), p: p3(h.pValue) }));
  }
  if (j.calledRounds > 0) lines.push('', w.t('cli.sim.calledOff', { n: String(j.calledRounds), limit: ROUND_MOVE_LIMIT.toLocaleString(w.lang), match: s.match ? 'yes' : 'no' }));
  // The examples as --json lists them (game by game, the first profile's first), each worded.
  const examples = r.aggregates.flatMap((x) => x.violationExamples.map(([i, v]) => w.t('cli.sim.example', { game: String(i), why: exampleIn(w, v) })));
  lines.push('', w.t('cli.sim.violations', { n: String(j.invariantViolations), some: examples.length ? 'yes' : 'no', examples: examples.join(w.t('cli.sim.exampleSep')) }));
  const n = (x: number) => numeral(w, String(x));
  lines.push(w.t('cli.sim.speed', { games: n(j.gamesPerSecond), turns: n(j.turnsPerSecond), seconds: n(j.seconds), mib: n(j.peakMemoryMiB) }));
  return lines.join('\n');
}

/** The `simulate` command. */
export const simulateCommand: Command = {
  name: 'simulate',
  options: {
    games: { type: 'string', value: 'N', default: '1000' },
    players: { type: 'string', value: 'P', default: '4' },
    rules: { type: 'string', value: 'NAME|FILE', helpValues: rulesHelpValues, default: 'extreme' },
    profile: { type: 'string', value: 'NAME|FILE' },
    compare: { type: 'string', value: 'A,B,…' },
    seed: { type: 'string', value: 'S' },
    workers: { type: 'string', value: 'W', default: String(availableParallelism()) },
    match: { type: 'boolean' },
    bots: { type: 'string', value: 'KIND[,KIND…]', helpValues: (w) => ({ kinds: botKindsIn(w) }), default: 'heuristic' },
    'bot-budget': { type: 'string', value: 'N|Nsteps|Nms', helpValues: botBudgetValues },
    fidelity: { type: 'string', value: 'fast|machine', default: 'fast' },
    json: { type: 'boolean' },
    csv: { type: 'string', value: 'FILE' },
    report: { type: 'string', value: 'FILE.html' },
    'replay-game': { type: 'string', value: 'I|SEED' },
    save: { type: 'string', value: 'FILE' },
    progress: { type: 'boolean' },
    shard: { type: 'string', value: 'K/N' },
    out: { type: 'string', value: 'FILE' },
    rows: { type: 'boolean' },
    lang: LANG_OPTION,
  },
  examples: [
    'uno-extreme simulate --games 10000 --players 4 --rules extreme --profile seed-0-8 --seed 1',
    'uno-extreme simulate --games 5000 --compare seed-0-8,extreme-2010-measured,attack-1999-pattern --seed 2',
    'uno-extreme simulate --games 2000 --bots heuristic,random --json',
    'uno-extreme simulate --games 200 --bots ismcts,heuristic,heuristic,heuristic --bot-budget 100',
    'uno-extreme simulate --games 20000 --report report.html --csv games.csv',
    'uno-extreme simulate --seed 1 --replay-game 17 --save game17.json',
    ['uno-extreme simulate --games 1000000 --seed 1 --shard 0/8 --out part-0.json', 'help.simulate.eg.shard'],
  ],
  async run(args: ParsedArgs): Promise<number> {
    const lang = langOption(args);
    const w = cliWordsIn(lang);
    const games = intOption(args, 'games', 1000, 1, 100_000_000);
    const players = intOption(args, 'players', 4, 2, 10);
    const cores = availableParallelism();
    let workers = intOption(args, 'workers', cores, 1, 256);
    // Games are pure computation: threads beyond the cores only share them, each with its own heap.
    if (workers > cores) {
      console.error(`uno-extreme simulate: ${w.t('cli.simulate.workers', { workers: String(workers), cores: String(cores) })}`);
      workers = cores;
    }
    const { seed, picked } = seedOption(args);
    const fidelity = String(args.values.fidelity ?? 'fast');
    if (fidelity !== 'fast' && fidelity !== 'machine') throw new UsageError(said('cli.value.oneOf', { option: '--fidelity', choices: { or: ['fast', 'machine'] }, got: fidelity }));
    const rulesSpec = String(args.values.rules ?? 'extreme');
    let rules;
    try {
      rules = rulesFromSpec(rulesSpec);
      // Dealt once here, so a deck too small for the table is refused as `play` refuses it.
      createMatch({ rules, players, seed });
    } catch (e) {
      throw new UserError(saidOf(e) ?? (e as Error).message);
    }
    if (args.values.compare !== undefined && args.values.profile !== undefined) throw new UsageError(said('cli.simulate.profileOrCompare'));
    const profiles = args.values.compare !== undefined
      ? String(args.values.compare).split(',').map((p) => p.trim()).filter(Boolean)
      : [String(args.values.profile ?? rules.profile ?? 'seed-0-8')];
    if (args.values.compare !== undefined && profiles.length < 2) throw new UsageError(said('cli.simulate.compareTwo'));
    profiles.forEach((p) => profileFromSpec(p)); // a bad profile fails here, before any worker starts
    const settings: SimSettings = {
      games, players, rules: rulesSpec, profiles, seed, fidelity, match: Boolean(args.values.match), bots: botsOption(args.values.bots, players, 'seats'),
      ...botBudgetOption(args),
      csv: args.values.csv !== undefined || Boolean(args.values.rows),
    };
    const replay = args.values['replay-game'] === undefined ? undefined : replayOption(args);
    const shard = shardOption(args, games, picked);
    // Every output checked before the first game: a run is never thrown away at its end.
    const str = (k: string) => (typeof args.values[k] === 'string' ? (args.values[k] as string) : undefined);
    checkOutputs(
      [['--csv', str('csv')], ['--report', str('report')], ['--save', replay === undefined ? undefined : str('save')], ['--out', shard?.out]],
      [...profiles.map((p): [string, string] => [args.values.compare !== undefined ? '--compare' : '--profile', p]), ['--rules', rulesSpec]],
    );
    if (picked && !args.values.json && typeof replay !== 'string') console.error(w.t('cli.simulate.seedPicked', { seed: String(seed) }));

    if (replay !== undefined) {
      const rec = playOne({ players, rules, seed, fidelity: settings.fidelity, match: settings.match, bots: settings.bots, botBudget: settings.botBudget }, profileFromSpec(profiles[0]), replay, true);
      const { final, handSums: _h, ...shown } = rec;
      // As `play` keeps an earlier game's save: a file already there (a game in progress, maybe) is
      // kept, and the replay saved beside it under the first free name.
      const save = typeof args.values.save === 'string' ? freeSavePath(args.values.save) : undefined;
      if (save !== undefined) writeSave(save, final!);
      if (args.values.json) {
        console.log(JSON.stringify(shown));
        return 0;
      }
      const which = { number: typeof replay === 'number' ? 'yes' : 'no', game: String(replay), seed: String(seed) };
      const won = rec.winner >= 0;
      const called = won ? rec.called : 0;
      console.log([
        w.t('cli.sim.replay', {
          ...which, gameSeed: rec.seed, won: won ? 'yes' : 'no', winner: String(rec.winner), bot: rec.winnerBot ?? '', calledOff: won ? '' : calledOffText(await loadLang(lang)),
          turns: String(rec.turns), presses: String(rec.presses), reloads: String(rec.reloads), points: String(rec.points), called, calledN: String(called),
        }),
        ...(save !== undefined ? [w.t('cli.sim.saved', { file: save, kept: save !== args.values.save ? 'yes' : 'no', given: String(args.values.save) })] : []),
      ].join('\n'));
      return 0;
    }
    if (args.values.save !== undefined) throw new UsageError(said('cli.simulate.saveWithReplay'));

    if (args.values.csv === '-' && args.values.json)
      console.error(`uno-extreme simulate: ${w.t('cli.simulate.csvHidesJson')}`);
    // The CSV goes to a temporary file renamed into place at the end: an interrupted run leaves
    // the file named as it was before.
    let csv: AtomicStream | null = null;
    let writeRows: ((rows: string[]) => void) | undefined;
    const interrupted = () => {
      csv?.abort();
      process.exit(130);
    };
    if (typeof args.values.csv === 'string') {
      csv = args.values.csv === '-' ? null : atomicWriteStream(args.values.csv);
      const out = (s: string) => (csv ? csv.stream.write(s) : process.stdout.write(s));
      out(`${CSV_HEADER}\n`);
      csv?.stream.on('error', (e) => {
        console.error(`uno-extreme simulate: ${errorIn(w, writeErrorOf(args.values.csv as string, e))}`);
        csv?.abort();
        process.exit(1);
      });
      writeRows = (rows: string[]) => void (rows.length && out(`${rows.join('\n')}\n`));
      if (csv) process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
    }
    const kept: string[] | undefined = shard && args.values.rows ? [] : undefined;
    if (kept) {
      const alsoCsv = writeRows;
      writeRows = (rows: string[]) => {
        for (const row of rows) kept.push(row);
        alsoCsv?.(rows);
      };
    }
    const playing = shard ? shard.range[1] - shard.range[0] : games;
    const showBar = Boolean(args.values.progress) || (process.stderr.isTTY && playing >= 200);
    const bar = showBar ? progressBar(playing, w, Boolean(args.values.match)) : null;
    let result: SimResult;
    try {
      // On worker threads even with one: they have the young generation games need (lib/heap.js),
      // which this thread, started without node flags, has not.
      result = await simulate(settings, workers, { threads: true, progress: bar?.update, ...(writeRows ? { rows: writeRows } : {}) }, shard?.range);
    } catch (e) {
      csv?.abort();
      throw e;
    } finally {
      bar?.done();
      process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    }
    await csv?.commit();
    if (shard) {
      const part = makePart(result, shard.index, shard.count, kept);
      writeFileAtomically(shard.out, `${JSON.stringify(part)}\n`);
      const violations = result.aggregates.reduce((t, a) => t + a.violations, 0);
      // With `--csv -` standard output holds the CSV alone.
      const written = { index: String(shard.index), count: String(shard.count), first: String(shard.range[0]), last: String(shard.range[1] - 1), file: shard.out, bad: violations ? 'yes' : 'no', violations: String(violations) };
      (args.values.csv === '-' ? console.error : console.log)(w.t('cli.sim.shardWritten', written));
      return violations ? 1 : 0;
    }
    return showResult(result, args);
  },
};

/**
 * Prints a finished run (or merged parts) as `--json`, `--report` and `--csv -` ask: the one
 * output path of `simulate` and `merge`, so a merge prints what a single run does. Returns the exit
 * code: 1 when a game broke an invariant.
 */
export function showResult(result: SimResult, args: ParsedArgs): number {
  const w = cliWordsIn(langOption(args));
  const profiles = result.settings.profiles;
  const summary = summaryJson(result);
  // Each profile's figures once, for the table and the report.
  const perProfile = result.aggregates.map((a) => figures(a, result.settings.players));
  // The figures first: a report that cannot be written (a full disk) loses the page, not the run.
  // The table quotes names from files (a rule set's, a part's settings): shown, never obeyed.
  if (args.values.csv !== '-') console.log(args.values.json ? JSON.stringify(summary) : terminalLines(table(result, summary, perProfile[0], w)));
  if (typeof args.values.report === 'string') {
    const per = perProfile.map((f, j) => ({ name: profiles[j], cardsPerPress: f.cardsPerPress }));
    writeFileAtomically(args.values.report, reportHtml(summary, perProfile[0].turnsHistogram, per, w));
    if (args.values.csv !== '-' && !args.values.json) console.log(w.t('cli.sim.reportWritten', { file: args.values.report }));
  }
  return summary.invariantViolations ? 1 : 0;
}

/** `--replay-game`: a game's number in the run, or a game seed (a CSV row's `seed`). */
function replayOption(args: ParsedArgs): number | string {
  const v = String(args.values['replay-game']).trim().toLowerCase();
  if (isWideSeed(v)) return v;
  if (!/^\d+$/.test(v)) throw new UsageError(said('cli.simulate.replayValue', { got: String(args.values['replay-game']) }));
  return intOption(args, 'replay-game', 0, 0, Number.MAX_SAFE_INTEGER);
}

/**
 * `--shard K/N` and `--out FILE`: shard K (from 0) of N of a run of `games`, and where its part
 * goes; null without `--shard`. A shard needs `--seed`: every shard of a run plays from one seed.
 */
function shardOption(args: ParsedArgs, games: number, seedPicked: boolean): { index: number; count: number; range: [number, number]; out: string } | null {
  const v = args.values;
  if (v.shard === undefined) {
    if (v.out !== undefined || v.rows) throw new UsageError(said('cli.simulate.withShard', { option: v.out !== undefined ? 'out' : 'rows' }));
    return null;
  }
  const m = /^(\d+)\/(\d+)$/.exec(String(v.shard));
  if (!m) throw new UsageError(said('cli.simulate.shardShape', { got: String(v.shard), job: String(v.shard).startsWith('/') ? 'yes' : 'no' }));
  if (v['replay-game'] !== undefined) throw new UsageError(said('cli.simulate.replayShard'));
  const [index, count] = [Number(m[1]), Number(m[2])];
  if (count < 1 || count > games) throw new UsageError(said('cli.simulate.shardCount', { shard: String(v.shard), games: String(games) }));
  if (index >= count) throw new UsageError(said('cli.simulate.shardIndex', { shard: String(v.shard), last: String(count - 1) }));
  if (typeof v.out !== 'string') throw new UsageError(said('cli.simulate.shardOut'));
  if (seedPicked) throw new UsageError(said('cli.simulate.shardSeed'));
  for (const k of ['json', 'report'] as const)
    if (v[k] !== undefined) throw new UsageError(said('cli.simulate.shardMerge', { option: k }));
  return { index, count, range: shardRange(games, index, count), out: v.out };
}
