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
import { UsageError, UserError, type Command, type ParsedArgs } from './args.ts';
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
    let obs;
    try {
      obs = parsePressLog(text, file, (line) => console.error(`uno-extreme fit: ${line}`));
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
    const lines = [
      `${file}: ${fit.presses} presses counted (those before the first burst are left out)`,
      `mean cards per press ${fit.meanCardsPerPress}, P(no cards) ${(fit.pNoCards * 100).toFixed(1)} %, mean burst ${fit.meanBurst} [${fit.meanBurstCi.join(', ')}]`,
      '',
      'rank  presses  P(fire)  95 % interval',
      ...fit.fireHazard.map((h, k) => `${String(k + 1).padStart(4)}  ${String(fit.atRisk[k]).padStart(7)}  ${h.toFixed(3).padStart(7)}  [${fit.fireHazardCi[k].map((x) => x.toFixed(3)).join(', ')}]  ${bar(h)}`),
      '',
      'cards  bursts',
    ];
    const maxB = maxOf(Object.values(fit.burstHistogram));
    for (const [c, n] of Object.entries(fit.burstHistogram)) lines.push(`${c.padStart(5)}  ${String(n).padStart(6)}  ${bar(n / maxB)}`);
    lines.push('', 'shipped profile            χ²       df   p-value   verdict');
    for (const r of tests) {
      // An infinite χ²: the log has an outcome the profile never gives (a burst larger than its largest, say).
      if (r.statistic === Infinity) lines.push(`${r.name.padEnd(24)} ${'—'.padStart(8)} ${String(r.df).padStart(5)}   ${'—'.padStart(8)}   impossible under this profile`);
      else lines.push(`${r.name.padEnd(24)} ${r.statistic.toFixed(1).padStart(8)} ${String(r.df).padStart(5)}   ${r.pValue.toExponential(2).padStart(8)}   ${r.pValue < 0.01 ? 'does not fit' : 'consistent'}`);
    }
    if (typeof args.values.out === 'string') lines.push('', `fitted profile written to ${args.values.out}: use it with --profile ${args.values.out}`);
    console.log(terminalLines(lines.join('\n')));
    return 0;
  },
};
