/**
 * `uno-extreme fit`: estimates a launcher profile from a press log and tests the log against the
 * shipped profiles.
 */
import { checkOutputs, readUserFile, writeFileAtomically, type FileReadError } from '../lib/files.ts';
import { maxOf } from '../lib/stats.ts';
import { terminalLines } from '../lib/untrusted.ts';
import path from 'node:path';
import { BUILTIN_PROFILES, resolveProfile } from '../emulator/profiles.ts';
import { compileProfile, validateProfileSpec } from '../emulator/profile.ts';
import { estimate, fitToProfile, LogError, parsePressLog, tabulate, testAgainst } from '../sim/fit.ts';
import { LANG_OPTION, langOption, UsageError, UserError, type Command, type ParsedArgs } from './args.ts';
import { cliWordsIn, decimal, numeral, sayIn } from '../words/cli.ts';
import { said } from '../words/said.ts';

function bar(x: number, width = 30): string {
  return '█'.repeat(Math.round(x * width));
}

/** The `fit` command. */
export const fitCommand: Command = {
  name: 'fit',
  options: {
    log: { type: 'string', value: 'FILE' },
    out: { type: 'string', value: 'FILE' },
    name: { type: 'string', value: 'NAME' },
    json: { type: 'boolean' },
    lang: LANG_OPTION,
  },
  examples: [
    'uno-extreme launcher --profile extreme-2010-measured --presses 2000 --log presses.jsonl',
    'uno-extreme fit --log presses.jsonl --out my-launcher.json',
    'uno-extreme fit --log counts.csv --json',
  ],
  async run(args: ParsedArgs): Promise<number> {
    const file = args.values.log;
    if (typeof file !== 'string') throw new UsageError(said('cli.fit.needsLog'));
    checkOutputs([['--out', typeof args.values.out === 'string' ? args.values.out : undefined]], [['--log', file]]);
    let text: string;
    try {
      text = readUserFile(file, 'log');
    } catch (e) {
      throw new UserError(said('cli.file.cannotRead', { file, why: (e as FileReadError).said }));
    }
    const w = cliWordsIn(langOption(args));
    let obs;
    try {
      obs = parsePressLog(text, file, (line) => console.error(`uno-extreme fit: ${sayIn(w, line)}`));
    } catch (e) {
      if (e instanceof LogError) throw new UserError(e.said ?? e.message);
      throw e;
    }
    const t = tabulate(obs);
    if (t.presses < 20) throw new UserError(said('cli.fit.tooFew', { file, presses: String(t.presses) }));
    const fit = estimate(t);
    if (Object.keys(fit.burstHistogram).length === 0) throw new UserError(said('cli.fit.noBursts', { file }));
    const tests = Object.keys(BUILTIN_PROFILES).map((name) => ({ name, ...testAgainst(t, resolveProfile(name)) }));
    const name = typeof args.values.name === 'string' ? args.values.name : `fitted-${path.basename(file).replace(/\.[^.]*$/, '')}`;
    const spec = fitToProfile(fit, name, `fitted by uno-extreme fit to ${file} (${fit.presses} presses)`);
    compileProfile(validateProfileSpec(spec)); // the fit must be a profile --profile accepts
    if (typeof args.values.out === 'string') {
      writeFileAtomically(args.values.out, `${JSON.stringify(spec, null, 2)}\n`);
    }
    const pValues = Object.fromEntries(tests.map((r) => [r.name, Number(r.pValue.toPrecision(4))]));
    if (args.values.json) {
      // JSON has no Infinity: an impossible log says so by name, its statistic null.
      const json = tests.map((r) => (r.statistic === Infinity ? { ...r, statistic: null, impossible: true } : r));
      console.log(JSON.stringify({ log: file, ...fit, pValues, tests: json, profile: spec }));
      return 0;
    }
    const fixed = (d: number) => (x: number) => decimal(w, x, d);
    const ci = (xs: readonly number[], fmt: (x: number) => string) => w.t('cli.fit.ci', { low: fmt(xs[0]), high: fmt(xs[1]) });
    // Each column at least as wide as its heading (4, 7 and 7 in English), the numbers right-aligned under it.
    const hazardHead = { rank: w.t('cli.fit.rank'), presses: w.t('cli.fit.presses'), fire: w.t('cli.fit.fire') };
    const [c1, c2, c3] = [Math.max(4, hazardHead.rank.length), Math.max(7, hazardHead.presses.length), Math.max(7, hazardHead.fire.length)];
    const lines = [
      w.t('cli.fit.counted', { file, presses: String(fit.presses) }),
      w.t('cli.fit.means', { mean: numeral(w, String(fit.meanCardsPerPress)), none: decimal(w, fit.pNoCards * 100, 1), burst: numeral(w, String(fit.meanBurst)), ci: ci(fit.meanBurstCi, (x) => numeral(w, String(x))) }),
      '',
      `${hazardHead.rank.padStart(c1)}  ${hazardHead.presses.padStart(c2)}  ${hazardHead.fire.padStart(c3)}  ${w.t('cli.sim.interval')}`,
      ...fit.fireHazard.map((h, k) => `${String(k + 1).padStart(c1)}  ${String(fit.atRisk[k]).padStart(c2)}  ${fixed(3)(h).padStart(c3)}  ${ci(fit.fireHazardCi[k], fixed(3))}  ${bar(h)}`),
      '',
    ];
    const burstHead = { cards: w.t('cli.launcher.summary.cards'), bursts: w.t('cli.fit.bursts') };
    const [b1, b2] = [Math.max(5, burstHead.cards.length), Math.max(6, burstHead.bursts.length)];
    lines.push(`${burstHead.cards.padStart(b1)}  ${burstHead.bursts.padStart(b2)}`);
    const maxB = maxOf(Object.values(fit.burstHistogram));
    for (const [c, n] of Object.entries(fit.burstHistogram)) lines.push(`${c.padStart(b1)}  ${String(n).padStart(b2)}  ${bar(n / maxB)}`);
    // The shipped profiles' table: the name's column at least as wide as its heading and a space (24 in English).
    const shipped = w.t('cli.fit.shipped');
    const n1 = Math.max(24, shipped.length + 1);
    lines.push('', `${shipped.padEnd(n1 + 3)}χ²${w.t('cli.fit.df').padStart(9)}   ${w.t('cli.fit.pValue')}   ${w.t('cli.fit.verdict')}`);
    for (const r of tests) {
      // An infinite χ²: the log has an outcome the profile never gives (a burst larger than its largest, say).
      const impossible = r.statistic === Infinity;
      const verdict = w.t('cli.fit.says', { says: impossible ? 'impossible' : r.pValue < 0.01 ? 'misfit' : 'fits' });
      const [stat, p] = impossible ? ['—', '—'] : [fixed(1)(r.statistic), numeral(w, r.pValue.toExponential(2))];
      lines.push(`${r.name.padEnd(n1)} ${stat.padStart(8)} ${String(r.df).padStart(5)}   ${p.padStart(8)}   ${verdict}`);
    }
    if (typeof args.values.out === 'string') lines.push('', w.t('cli.fit.written', { file: args.values.out }));
    console.log(terminalLines(lines.join('\n')));
    return 0;
  },
};
