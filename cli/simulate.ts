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
import { EN_WORDS } from '../words/catalogue.ts';
import { atomicWriteStream, checkOutputs, freeSavePath, writeErrorOf, writeFileAtomically, type AtomicStream } from '../lib/files.ts';
import { maxOf } from '../lib/stats.ts';
import { terminalLines } from '../lib/untrusted.ts';
import { CSV_HEADER } from '../sim/record.ts';
import type { SimSettings } from '../sim/chunk.ts';
import { playOne } from '../sim/play-one.ts';
import { simulate, type SimResult } from '../sim/simulate.ts';
import { figures, summaryJson } from '../sim/summary.ts';
import { reportHtml } from '../sim/report-html.ts';
import { makePart, shardRange } from '../sim/part.ts';
import { botBudgetOption, botsOption, intOption, langOption, rulesHelpValues, seedOption, UsageError, UserError, botBudgetValues, botKindsIn, type Command, type ParsedArgs } from './args.ts';
import { said, saidOf } from '../words/said.ts';
import { cliWordsIn } from '../words/cli.ts';
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

/** A labelled sparkline that fits the terminal's width (80 columns when output is not a terminal). */
function sparkLine(label: string, values: readonly number[], suffix: string): string {
  const width = (process.stdout.columns || 80) - label.length - suffix.length;
  return `${label}${spark(values, Math.max(10, width))}${suffix}`;
}

function table(r: SimResult, j: ReturnType<typeof summaryJson>, f: ReturnType<typeof figures>): string {
  const s = r.settings;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const lines = [
    `${s.games} ${s.match ? 'matches' : 'rounds'} · ${s.players} players · rules ${s.rules} · profile ${s.profiles[0]} · seed ${s.seed} · ${s.fidelity} · ${r.workers} worker(s)`,
    '',
    'figure                 mean      95 % interval',
    `turns per game     ${f.turns.mean.toFixed(2).padStart(9)}   ${f.turns.ci95.map((x) => x.toFixed(2)).join(' – ')}`,
    `presses per game   ${f.presses.mean.toFixed(2).padStart(9)}   ${f.presses.ci95.map((x) => x.toFixed(2)).join(' – ')}`,
    `reloads per game   ${f.reloads.mean.toFixed(3).padStart(9)}   ${f.reloads.ci95.map((x) => x.toFixed(3)).join(' – ')}`,
    `points per game    ${f.points.mean.toFixed(1).padStart(9)}   ${f.points.ci95.map((x) => x.toFixed(1)).join(' – ')}`,
    ...(s.match ? [`rounds per match   ${f.rounds.mean.toFixed(2).padStart(9)}   ${f.rounds.ci95.map((x) => x.toFixed(2)).join(' – ')}`] : []),
    `P(no cards)        ${pct(f.pNoCards).padStart(9)}   ${f.pNoCardsCi.map(pct).join(' – ')}`,
    `cards per press    ${f.meanCardsPerPress.toFixed(3).padStart(9)}`,
    '',
  ];
  const hist = r.aggregates[0].cardsPerPress;
  const total = hist.reduce((a, b) => a + (b ?? 0), 0);
  if (total > 0) {
    lines.push(sparkLine('cards per press  ', hist.map((n) => n ?? 0), `  (0 … ${hist.length - 1})`));
    const maxN = maxOf(hist.map((n) => n ?? 0));
    hist.forEach((n, c) => lines.push(`  ${String(c).padStart(3)}  ${pct((n ?? 0) / total).padStart(7)}  ${'█'.repeat(Math.round((30 * (n ?? 0)) / maxN))}`));
    lines.push('');
  }
  lines.push(sparkLine('turns per game   ', r.aggregates[0].turnsHist.map((n) => n ?? 0), `  (0 … ${r.aggregates[0].turnsHist.length * 5})`));
  lines.push(sparkLine('hand over time   ', f.handOverTime.filter((_, i) => i % 5 === 0), '  (mean cards per hand, every 5 turns)'));
  lines.push('', 'seat  wins    share   95 % interval');
  f.winsBySeat.forEach((w, i) => lines.push(`${String(i).padStart(4)}  ${String(w.wins).padStart(5)}  ${pct(w.share).padStart(7)}   ${w.ci95.map(pct).join(' – ')}`));
  lines.push(`seat advantage: χ² ${j.seatTest.statistic.toFixed(2)}, df ${j.seatTest.df}, p = ${j.seatTest.pValue.toPrecision(3)}${j.seatTest.pValue < 0.01 ? '  (a real advantage)' : ''}`);
  lines.push('', 'wins by bot: ' + Object.entries(f.winsByBot).map(([k, v]) => `${k} ${v} (${pct(v / r.aggregates[0].games)})`).join(', '));
  if (j.compare) {
    lines.push('', 'profile                     turns (95 %)              P(no cards)  cards/press  reloads   Δturns vs first (paired t, p)');
    for (const p of j.compare.profiles) {
      const d = 'turnsVsFirst' in p && p.turnsVsFirst ? `${p.turnsVsFirst.meanDifference >= 0 ? '+' : ''}${p.turnsVsFirst.meanDifference.toFixed(2)} (p = ${p.turnsVsFirst.pairedT.pValue.toPrecision(3)}${p.turnsVsFirst.pairedT.pValue < 0.01 ? ', a real difference' : ', no real difference shown'})` : '—';
      lines.push(`${p.profile.padEnd(26)}  ${p.meanTurns.toFixed(2).padStart(7)} (${p.meanTurnsCi95.map((x) => x.toFixed(1)).join('–')})  ${pct(p.pNoCards).padStart(10)}  ${p.meanCardsPerPress.toFixed(3).padStart(11)}  ${p.reloadsPerGame.toFixed(3).padStart(7)}   ${d}`);
    }
    const h = j.compare.cardsPerPressHomogeneity;
    lines.push(`cards-per-press distributions differ: χ² ${h.statistic.toFixed(1)}, df ${h.df}, p = ${h.pValue.toPrecision(3)}`);
  }
  if (j.calledRounds > 0) lines.push('', `rounds called off: ${j.calledRounds} (nobody went out in ${ROUND_MOVE_LIMIT.toLocaleString('en')} moves: nobody scores them${s.match ? '; the match went on with the next deal' : ''})`);
  lines.push('', `invariant violations: ${j.invariantViolations}${j.invariantExamples.length ? ` (${j.invariantExamples.join('; ')})` : ''}`);
  lines.push(`${j.gamesPerSecond} games/s · ${j.turnsPerSecond} turns/s · ${j.seconds} s · peak memory ${j.peakMemoryMiB} MiB`);
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
    const games = intOption(args, 'games', 1000, 1, 100_000_000);
    const players = intOption(args, 'players', 4, 2, 10);
    const cores = availableParallelism();
    let workers = intOption(args, 'workers', cores, 1, 256);
    // Games are pure computation: threads beyond the cores only share them, each with its own heap.
    if (workers > cores) {
      console.error(`uno-extreme simulate: --workers ${workers} is more than this machine's ${cores} cores, which only costs memory and time: using ${cores}`);
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
    if (picked && !args.values.json && typeof replay !== 'string') console.error(cliWordsIn(langOption(args)).t('cli.simulate.seedPicked', { seed: String(seed) }));

    if (replay !== undefined) {
      const rec = playOne({ players, rules, seed, fidelity: settings.fidelity, match: settings.match, bots: settings.bots, botBudget: settings.botBudget }, profileFromSpec(profiles[0]), replay, true);
      const { final, handSums: _h, ...shown } = rec;
      // As `play` keeps an earlier game's save: a file already there (a game in progress, maybe) is
      // kept, and the replay saved beside it under the first free name.
      const save = typeof args.values.save === 'string' ? freeSavePath(args.values.save) : undefined;
      if (save !== undefined) writeSave(save, final!);
      console.log(args.values.json ? JSON.stringify(shown) : [
        `${typeof replay === 'number' ? `game ${replay} of seed ${seed} (game seed ${rec.seed})` : `game seed ${rec.seed}`}: ${rec.winner < 0 ? `nobody went out: ${calledOffText(EN_WORDS)};` : `seat ${rec.winner} (${rec.winnerBot}) won after`} ${rec.turns} turns, ${rec.presses} presses, ${rec.reloads} reloads; ${rec.points} points${rec.winner >= 0 && rec.called > 0 ? `; ${rec.called} round${rec.called > 1 ? 's' : ''} called off` : ''}`,
        ...(save !== undefined ? [`saved to ${save}${save !== args.values.save ? ` (${args.values.save} holds an earlier file, kept)` : ''}: open it with \`uno-extreme play --resume ${save}\``] : []),
      ].join('\n'));
      return 0;
    }
    if (args.values.save !== undefined) throw new UsageError(said('cli.simulate.saveWithReplay'));

    if (args.values.csv === '-' && args.values.json)
      console.error(`uno-extreme simulate: ${cliWordsIn(langOption(args)).t('cli.simulate.csvHidesJson')}`);
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
        console.error(`uno-extreme simulate: ${writeErrorOf(args.values.csv as string, e).message}`);
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
    const bar = showBar ? progressBar(playing, args.values.match ? 'matches' : 'games') : null;
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
      (args.values.csv === '-' ? console.error : console.log)(`shard ${shard.index}/${shard.count}: games ${shard.range[0]}..${shard.range[1] - 1} written to ${shard.out}${violations ? ` (${violations} invariant violations)` : ''}`);
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
  const profiles = result.settings.profiles;
  const summary = summaryJson(result);
  // Each profile's figures once, for the table and the report.
  const perProfile = result.aggregates.map((a) => figures(a, result.settings.players));
  // The figures first: a report that cannot be written (a full disk) loses the page, not the run.
  // The table quotes names from files (a rule set's, a part's settings): shown, never obeyed.
  if (args.values.csv !== '-') console.log(args.values.json ? JSON.stringify(summary) : terminalLines(table(result, summary, perProfile[0])));
  if (typeof args.values.report === 'string') {
    const per = perProfile.map((f, j) => ({ name: profiles[j], cardsPerPress: f.cardsPerPress }));
    writeFileAtomically(args.values.report, reportHtml(summary, perProfile[0].turnsHistogram, per));
    if (args.values.csv !== '-' && !args.values.json) console.log(`report written to ${args.values.report}`);
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
